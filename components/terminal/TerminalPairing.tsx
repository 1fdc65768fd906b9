"use client";
import { useEffect, useState } from "react";
import { Offline, storeCredential, terminalApi } from "./terminal-api";

/**
 * Opens a one-time pairing link (docs/PRODUCT-RULES.md §32.4): the token is in the fragment, which reaches no server;
 * it is removed from the address at once, posted, and the credential kept in localStorage.
 */
export function TerminalPairing() {
  const [text, setText] = useState("Gerät wird als Stempeluhr eingerichtet …");

  useEffect(() => {
    void pairFromFragment().then((message) => message && setText(message));
  }, []);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-6">
      <p role="status" className="max-w-lg rounded-2xl bg-white p-8 text-center text-xl shadow-sm">
        {text}
      </p>
    </main>
  );
}

/** Pairs with the fragment's token; answers what to say, or null once it goes on to the tiles. */
async function pairFromFragment(): Promise<string | null> {
  const token = window.location.hash.slice(1);
  window.history.replaceState(null, "", window.location.pathname);
  if (!token) return "Dieser Link enthält keinen Kopplungscode. Bitte öffne den ganzen Link, den du bekommen hast.";
  try {
    const answer = await terminalApi.pair(token);
    if (!answer.ok) return answer.fields?.token ?? answer.error;
    storeCredential(answer.data.credential);
    window.location.replace("/terminal");
    return null;
  } catch (failure) {
    if (!(failure instanceof Offline)) throw failure;
    return "Keine Verbindung — das Gerät wurde nicht eingerichtet. Bitte öffne den Link erneut.";
  }
}
