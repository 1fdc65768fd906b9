// Pieces the one-person documents share (the Arbeitszeitnachweis, the Monatsabrechnung): the facts under the title and
// the signature lines. Runs in the PDF worker thread.
import "server-only";
import { StyleSheet, Text, View } from "@react-pdf/renderer";
import { pdfColors } from "./theme";

const styles = StyleSheet.create({
  facts: { flexDirection: "row", marginBottom: 6, gap: 24 },
  fact: { fontSize: 9 },
  strong: { fontWeight: "bold" },
  label: { color: pdfColors.muted, fontSize: 7.5 },
  signatures: { flexDirection: "row", gap: 48, marginTop: 18 },
  signature: { flex: 1, borderTopWidth: 0.75, borderTopColor: pdfColors.text, paddingTop: 3 },
});

/** A fact of the document's head: its label, its value, bold for the person and the status. */
export type PdfFact = { label: string; value: string; strong?: boolean };

/** "Mitarbeiter/in · Monat · Betrieb · Status …" in a row under the title; a fact without a value is left out. */
export function PdfFacts({ facts }: { facts: PdfFact[] }) {
  return (
    <View style={styles.facts}>
      {facts
        .filter((fact) => fact.value)
        .map((fact) => (
          <View key={fact.label}>
            <Text style={styles.label}>{fact.label}</Text>
            <Text style={fact.strong ? [styles.fact, styles.strong] : styles.fact}>{fact.value}</Text>
          </View>
        ))}
    </View>
  );
}

/** A month's approval as the head's status: "Genehmigt am 29.11.2026 von sandra", else `open`. */
export function approvalStatus(
  approval: { approved: boolean; approvedOn: string | null; approvedByName: string | null },
  open: string,
): string {
  if (!approval.approved) return open;
  const on = approval.approvedOn ? ` am ${approval.approvedOn}` : "";
  const by = approval.approvedByName ? ` von ${approval.approvedByName}` : "";
  return `Genehmigt${on}${by}`;
}

/** The employee's and the manager's signature lines, kept together on one page. */
export function PdfSignatures() {
  return (
    <View style={styles.signatures} wrap={false}>
      <Text style={styles.signature}>Datum, Unterschrift Mitarbeiter/in</Text>
      <Text style={styles.signature}>Datum, Unterschrift Vorgesetzte/r</Text>
    </View>
  );
}
