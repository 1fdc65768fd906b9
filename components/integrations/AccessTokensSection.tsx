"use client";
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAction } from "@/lib/client/use-action";
import { useResource } from "@/lib/client/use-resource";
import { classNames } from "@/lib/shared/class-names";
import type { AccessTokenDto } from "@/lib/shared/schemas/access-token";
import { TOKEN_SCOPE_LABELS, TOKEN_SCOPES } from "@/lib/shared/token-scopes";
import {
  scopeShortLabel,
  TOKEN_STATUS_TEXT,
  tokenCreatedText,
  tokenLastUsedText,
  tokenValidityText,
} from "./access-token-text";

// The dialog and its form checks (zod) load when it is opened, not with the page.
const CreateAccessTokenDialog = dynamic(() =>
  import("./CreateAccessTokenDialog").then((m) => m.CreateAccessTokenDialog),
);

const CREATE_BUTTON_ID = "access-token-create";

const STATUS_STYLES: Record<AccessTokenDto["status"], string> = {
  active: "bg-emerald-100 text-emerald-900",
  expired: "bg-slate-200 text-slate-800",
  revoked: "bg-slate-200 text-slate-800",
  creator_gone: "bg-amber-100 text-amber-900",
};

/** A focus that survives the re-render a dialog's closing or a reload causes. */
function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * "Zugriffstoken" on Integrationen (docs/PRODUCT-RULES.md §36.3): the tokens of payroll and till systems, working
 * ones first, the others muted below; create one (shown once, in the dialog), revoke one.
 */
export function AccessTokensSection() {
  const tokens = useResource((signal) => api.get("/access-tokens", signal), "Fehler beim Laden der Zugriffstoken");
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessTokenDto | null>(null);
  const { run } = useAction();
  // The card to focus once the list has been drawn anew (loaded data is drawn in a transition, after the reload).
  const focusAfterLoad = useRef<string | null>(null);

  useEffect(() => {
    const id = focusAfterLoad.current;
    const target = id === null ? null : document.getElementById(id);
    if (target) {
      focusAfterLoad.current = null;
      target.focus();
    }
  }, [tokens.data]);

  async function revoke(token: AccessTokenDto) {
    const done = await run(() => api.delete(`/access-tokens/${token.id}`), {
      success: "Token widerrufen!",
      failure: "Fehler beim Widerrufen",
    });
    if (!done) return;
    // Its button goes: the focus goes to the token, then among the ones that no longer work.
    focusAfterLoad.current = `access-token-${token.id}`;
    setRevoking(null);
    await tokens.reload();
  }

  const createButton = (
    <Button id={CREATE_BUTTON_ID} onClick={() => setCreating(true)}>
      Token erstellen
    </Button>
  );

  return (
    <section aria-labelledby="access-tokens-title" className="max-w-4xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl space-y-1">
          <h2 id="access-tokens-title" className="text-lg font-semibold text-slate-900">
            Zugriffstoken
          </h2>
          <p className="text-sm text-slate-600">
            Für Lohn- und Kassensysteme: ein Token mit genau den Bereichen, die das System braucht. Es handelt im Namen
            des Admins, der es erstellt, mit den Rechten einer Leitung.
          </p>
          <p className="text-sm text-slate-600">
            Was jeder Bereich erlaubt, steht in der{" "}
            <a href="/api-docs" className="font-medium whitespace-nowrap text-accent-dark underline underline-offset-2">
              API-Dokumentation
            </a>
            .
          </p>
        </div>
        {createButton}
      </div>
      <WhenLoaded resource={tokens} failedTitle="Die Zugriffstoken konnten nicht geladen werden.">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="Noch keine Zugriffstoken.">
              Erstelle eines für das erste System, das mit Schichtwerk arbeiten soll.
            </EmptyState>
          ) : (
            <TokenLists tokens={list} onRevoke={setRevoking} />
          )
        }
      </WhenLoaded>
      {creating && (
        <CreateAccessTokenDialog
          onCreated={() => void tokens.reload()}
          onClose={() => {
            setCreating(false);
            focusSoon(CREATE_BUTTON_ID);
          }}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Token «${revoking?.name ?? ""}» widerrufen?`}
        message="Systeme, die es benutzen, bekommen sofort keinen Zugriff mehr."
        detail={
          "Das lässt sich nicht rückgängig machen. Braucht ein System wieder Zugriff, erstellst du ein neues Token."
        }
        confirmLabel="Widerrufen"
        busyLabel="Wird widerrufen..."
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}

/** The working tokens, then (muted, under their own heading) those that no longer work. */
function TokenLists({ tokens, onRevoke }: { tokens: AccessTokenDto[]; onRevoke: (token: AccessTokenDto) => void }) {
  const working = tokens.filter((token) => token.status === "active");
  const ended = tokens.filter((token) => token.status !== "active");
  return (
    <div className="space-y-6">
      {working.length > 0 && (
        <ul aria-label="Gültige Zugriffstoken" className="space-y-3">
          {working.map((token) => (
            <TokenCard key={token.id} token={token} onRevoke={onRevoke} />
          ))}
        </ul>
      )}
      {ended.length > 0 && (
        <div className="space-y-3">
          <h3 id="access-tokens-ended" className="text-sm font-semibold text-slate-600">
            Nicht mehr gültig
          </h3>
          <ul aria-labelledby="access-tokens-ended" className="space-y-3">
            {ended.map((token) => (
              <TokenCard key={token.id} token={token} onRevoke={onRevoke} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function TokenCard({ token, onRevoke }: { token: AccessTokenDto; onRevoke: (token: AccessTokenDto) => void }) {
  const muted = token.status !== "active";
  // A token whose creator is no admin now would work again if they became one: it can be revoked for good.
  const revocable = token.status === "active" || token.status === "creator_gone";
  return (
    <li
      id={`access-token-${token.id}`}
      tabIndex={-1}
      className={classNames(
        "flex flex-wrap items-start justify-between gap-3 rounded-xl border p-4",
        muted ? "border-slate-200 bg-slate-50 text-slate-600" : "border-slate-200 bg-white",
      )}
    >
      <div className="min-w-0 flex-1 space-y-2">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className={classNames("font-medium break-words", muted ? "text-slate-700" : "text-slate-900")}>
            {token.name}
          </span>
          <span className={classNames("rounded-full px-2.5 py-0.5 text-xs font-medium", STATUS_STYLES[token.status])}>
            {TOKEN_STATUS_TEXT[token.status]}
          </span>
          <code className="font-mono text-sm text-slate-600" title="Die ersten Zeichen des Tokens">
            {token.hint}…
          </code>
        </p>
        <ul aria-label="Bereiche" className="flex flex-wrap gap-1.5">
          {/* In the dialog's order, whatever order they were sent in. */}
          {TOKEN_SCOPES.filter((scope) => token.scopes.includes(scope)).map((scope) => (
            <li
              key={scope}
              title={TOKEN_SCOPE_LABELS[scope]}
              className={classNames(
                "rounded-md border px-2 py-0.5 text-xs",
                muted ? "border-slate-200 bg-white text-slate-600" : "border-blue-200 bg-blue-50 text-blue-900",
              )}
            >
              {scopeShortLabel(scope)}
            </li>
          ))}
        </ul>
        {/* One line on a desk, a line each on a phone. */}
        <p className="text-sm text-slate-600 sm:flex sm:flex-wrap sm:gap-x-1">
          <span className="block">
            {tokenValidityText(token)}
            <span className="max-sm:hidden" aria-hidden="true">
              {" "}
              ·
            </span>
          </span>
          <span className="block">{tokenLastUsedText(token.last_used_at)}</span>
        </p>
        <p className="text-xs text-slate-600">{tokenCreatedText(token)}</p>
      </div>
      {revocable && (
        <Button
          variant="secondary"
          size="sm"
          className="max-sm:w-full"
          aria-label={`Token «${token.name}» widerrufen`}
          onClick={() => onRevoke(token)}
        >
          Widerrufen
        </Button>
      )}
    </li>
  );
}
