import { describe, expect, test } from "vitest";
import { notificationMail } from "./notification-mail";

// docs/PRODUCT-RULES.md §33.5: a message's e-mail says what the inbox says, safely as HTML.

const message = {
  id: 7,
  title: "Schichtplan geändert: 07.12.–13.12.2026",
  lines: ["Neu: Fr 11.12., 14:00–22:00, Bahnhof <Süd> & Co"],
  link: "/me",
};

describe("notificationMail", () => {
  test("with APP_URL: the title as subject, each line, a link to the screen; HTML escaped", () => {
    const mail = notificationMail(message, "https://plan.example.ch");
    expect(mail.subject).toBe("Schichtplan geändert: 07.12.–13.12.2026");
    expect(mail.text.split("\n")).toEqual([
      "Schichtplan geändert: 07.12.–13.12.2026",
      "",
      "Neu: Fr 11.12., 14:00–22:00, Bahnhof <Süd> & Co",
      "",
      "Ansehen: https://plan.example.ch/me",
      "",
      "Diese E-Mail kommt von Schichtwerk. Abbestellen: unter «Einstellungen & 2FA», Abschnitt «Mitteilungen».",
    ]);
    expect(mail.html).toContain("<li>Neu: Fr 11.12., 14:00–22:00, Bahnhof &lt;Süd&gt; &amp; Co</li>");
    expect(mail.html).not.toContain("<Süd>");
    expect(mail.html).toContain('<a href="https://plan.example.ch/me">Meine Schichten ansehen</a>');
  });

  test("without APP_URL: the screen named instead of a link", () => {
    const mail = notificationMail(message, null);
    expect(mail.text).toContain("In Schichtwerk unter «Meine Schichten».");
    expect(mail.text).not.toContain("http");
    expect(mail.html).not.toContain("<a ");
  });
});
