// The "Arbeitszeitnachweis" laid out by react-pdf in the reports' frame (docs/PRODUCT-RULES.md §32.7). Runs in the
// PDF worker thread: no database here.
import "server-only";
import { Document, StyleSheet, Text, View } from "@react-pdf/renderer";
import { PdfPage } from "@/lib/server/reports/pdf/pdf-page";
import { approvalStatus, PdfFacts, PdfSignatures } from "@/lib/server/reports/pdf/pdf-parts";
import { pdfColors } from "@/lib/server/reports/pdf/theme";
import { hoursMinutes } from "./work-record-format";
import type { WorkRecord, WorkRecordRow } from "./work-record-types";

const styles = StyleSheet.create({
  // Rows as low as they read well, so a month of one entry a day fits on one landscape page with the signatures.
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: pdfColors.line, paddingVertical: 1 },
  weekend: { backgroundColor: pdfColors.outside },
  head: {
    flexDirection: "row",
    backgroundColor: pdfColors.header,
    borderTopWidth: 0.5,
    borderBottomWidth: 0.5,
    borderColor: pdfColors.line,
    paddingVertical: 2,
  },
  totals: {
    flexDirection: "row",
    backgroundColor: pdfColors.header,
    borderBottomWidth: 0.5,
    borderBottomColor: pdfColors.line,
    paddingVertical: 4,
  },
  date: { flex: 1.5, paddingHorizontal: 3 },
  number: { flex: 0.9, paddingHorizontal: 3, textAlign: "right" },
  time: { flex: 0.8, paddingHorizontal: 3, textAlign: "right" },
  text: { flex: 1.8, paddingHorizontal: 3 },
  status: { flex: 1.6, paddingHorizontal: 3 },
  bold: { fontWeight: "bold" },
  void: { textDecoration: "line-through", color: pdfColors.muted },
  under: { color: pdfColors.under },
  over: { color: pdfColors.over },
  note: { marginTop: 4, color: pdfColors.muted, fontSize: 7.5 },
});

const minutes = (value: number | null, signed = false) => (value === null ? "" : hoursMinutes(value, signed));
const differenceStyle = (value: number | null) =>
  value === null || value === 0 ? {} : value < 0 ? styles.under : styles.over;

function statusText(row: WorkRecordRow): string {
  return [row.status, row.corrected ? "korrigiert" : ""].filter(Boolean).join(", ");
}

function Row({ row }: { row: WorkRecordRow }) {
  const weekend = row.dayLabel.startsWith("Sa") || row.dayLabel.startsWith("So");
  const voided = row.status === "storniert";
  const times = voided ? styles.void : {};
  return (
    <View style={weekend ? [styles.row, styles.weekend] : styles.row} wrap={false}>
      <Text style={styles.date}>{row.dayLabel}</Text>
      <Text style={styles.number}>{minutes(row.plannedMinutes)}</Text>
      <Text style={[styles.time, times]}>{row.start ?? ""}</Text>
      <Text style={[styles.time, times]}>{row.start === null ? "" : (row.end ?? "läuft")}</Text>
      <Text style={[styles.number, times]}>{minutes(row.breakMinutes)}</Text>
      <Text style={styles.number}>{minutes(row.workedMinutes)}</Text>
      <Text style={[styles.number, differenceStyle(row.differenceMinutes)]}>
        {minutes(row.differenceMinutes, true)}
      </Text>
      <Text style={styles.text}>{row.location ?? ""}</Text>
      <Text style={styles.text}>{row.absence ?? ""}</Text>
      <Text style={styles.status}>{statusText(row)}</Text>
    </View>
  );
}

export function WorkRecordPdf({ record, printedAt }: { record: WorkRecord; printedAt: string }) {
  const { approval, totals } = record;
  const approvalText = approvalStatus(approval, "Noch nicht genehmigt");
  return (
    <Document
      title={`Arbeitszeitnachweis ${record.monthLabel} – ${record.employeeName}`}
      author="Schichtwerk"
      language="de-CH"
    >
      <PdfPage
        title="Arbeitszeitnachweis"
        period={`${record.monthLabel} · ${record.employeeName}`}
        printedAt={printedAt}
      >
        <PdfFacts
          facts={[
            { label: "Mitarbeiter/in", value: record.employeeName, strong: true },
            { label: "Monat", value: record.monthLabel },
            { label: "Betrieb", value: record.company ?? "" },
            { label: "Standort", value: record.locations.join(", ") || "–" },
            { label: "Status", value: approvalText, strong: true },
          ]}
        />
        <View style={styles.head} fixed>
          <Text style={[styles.date, styles.bold]}>Datum</Text>
          <Text style={[styles.number, styles.bold]}>Soll</Text>
          <Text style={[styles.time, styles.bold]}>Beginn</Text>
          <Text style={[styles.time, styles.bold]}>Ende</Text>
          <Text style={[styles.number, styles.bold]}>Pausen</Text>
          <Text style={[styles.number, styles.bold]}>Gearbeitet</Text>
          <Text style={[styles.number, styles.bold]}>Differenz</Text>
          <Text style={[styles.text, styles.bold]}>Standort</Text>
          <Text style={[styles.text, styles.bold]}>Abwesenheit</Text>
          <Text style={[styles.status, styles.bold]}>Status</Text>
        </View>
        {record.rows.map((row, index) => (
          <Row key={index} row={row} />
        ))}
        <View style={styles.totals} wrap={false}>
          <Text style={[styles.date, styles.bold]}>Total</Text>
          <Text style={[styles.number, styles.bold]}>{hoursMinutes(totals.plannedMinutes)}</Text>
          <Text style={styles.time} />
          <Text style={styles.time} />
          <Text style={styles.number} />
          <Text style={[styles.number, styles.bold]}>{hoursMinutes(totals.workedMinutes)}</Text>
          <Text style={[styles.number, styles.bold, differenceStyle(totals.differenceMinutes)]}>
            {hoursMinutes(totals.differenceMinutes, true)}
          </Text>
          <Text style={styles.text} />
          <Text style={styles.text} />
          <Text style={[styles.status, styles.bold]}>{approval.approved ? "genehmigt" : "offen"}</Text>
        </View>
        <Text style={styles.note}>
          Zeiten in h:mm. Soll = geplante Schichten abzüglich ihrer Pausen; Differenz = gearbeitet − Soll. Stornierte
          Einträge sind durchgestrichen und zählen nicht; «korrigiert»: Beginn, Ende oder Pausen wurden nachträglich
          geändert.
        </Text>
        <PdfSignatures />
      </PdfPage>
    </Document>
  );
}
