// The "Monatsabrechnung Arbeitszeit" laid out by react-pdf in the reports' frame (docs/PRODUCT-RULES.md §34.5).
// Runs in the PDF worker thread: no database here.
import "server-only";
import { Document, StyleSheet, Text, View } from "@react-pdf/renderer";
import { PdfPage } from "@/lib/server/reports/pdf/pdf-page";
import { approvalStatus, PdfFacts, PdfSignatures } from "@/lib/server/reports/pdf/pdf-parts";
import { pdfColors } from "@/lib/server/reports/pdf/theme";
import { hoursMinutes } from "@/lib/shared/time-entry-text";
import type { Statement, StatementDay } from "./statement-types";

const styles = StyleSheet.create({
  columns: { flexDirection: "row", gap: 24 },
  days: { flex: 3 },
  summary: { flex: 2 },
  heading: { fontSize: 9, fontWeight: "bold", marginBottom: 3 },
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
  date: { flex: 1.4, paddingHorizontal: 3 },
  number: { flex: 0.8, paddingHorizontal: 3, textAlign: "right" },
  text: { flex: 1.4, paddingHorizontal: 3 },
  line: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 1.5 },
  total: { borderTopWidth: 0.75, borderTopColor: pdfColors.text, marginTop: 2, paddingTop: 2 },
  bold: { fontWeight: "bold" },
  muted: { color: pdfColors.muted },
  under: { color: pdfColors.under },
  over: { color: pdfColors.over },
  block: { marginBottom: 10 },
  note: { marginTop: 6, color: pdfColors.muted, fontSize: 7.5 },
});

const h = (minutes: number, signed = false) => hoursMinutes(minutes, { signed });
const tone = (minutes: number | null) =>
  minutes === null || minutes === 0 ? {} : minutes < 0 ? styles.under : styles.over;

function DayRow({ day }: { day: StatementDay }) {
  const weekend = day.dayLabel.startsWith("Sa") || day.dayLabel.startsWith("So");
  return (
    <View style={weekend ? [styles.row, styles.weekend] : styles.row} wrap={false}>
      <Text style={styles.date}>{day.dayLabel}</Text>
      <Text style={styles.number}>{day.targetMinutes ? h(day.targetMinutes) : ""}</Text>
      <Text style={styles.number}>{day.workedMinutes ? h(day.workedMinutes) : ""}</Text>
      <Text style={styles.number}>{day.creditMinutes ? h(day.creditMinutes) : ""}</Text>
      <Text style={styles.text}>{day.creditLabel ?? ""}</Text>
    </View>
  );
}

function Line({
  label,
  minutes,
  signed = false,
  strong = false,
  total = false,
  toned = false,
}: {
  label: string;
  minutes: number | null;
  signed?: boolean;
  strong?: boolean;
  total?: boolean;
  toned?: boolean;
}) {
  return (
    <View style={total ? [styles.line, styles.total] : styles.line} wrap={false}>
      <Text style={strong ? styles.bold : {}}>{label}</Text>
      <Text style={[strong ? styles.bold : {}, toned ? tone(minutes) : {}]}>
        {minutes === null ? "–" : `${h(minutes, signed)} h`}
      </Text>
    </View>
  );
}

export function StatementPdf({ statement, printedAt }: { statement: Statement; printedAt: string }) {
  const { account, approval } = statement;
  const status = approvalStatus(approval, "Vorläufig: noch nicht genehmigt");
  return (
    <Document
      title={`Monatsabrechnung Arbeitszeit ${statement.monthLabel} – ${statement.employeeName}`}
      author="Schichtwerk"
      language="de-CH"
    >
      <PdfPage
        title="Monatsabrechnung Arbeitszeit"
        period={`${statement.monthLabel} · ${statement.employeeName}`}
        printedAt={printedAt}
      >
        <PdfFacts
          facts={[
            { label: "Mitarbeiter/in", value: statement.employeeName, strong: true },
            { label: "Monat", value: statement.monthLabel },
            { label: "Betrieb", value: statement.company ?? "" },
            { label: "Status", value: status, strong: true },
          ]}
        />
        <View style={styles.columns}>
          <View style={styles.days}>
            <View style={styles.head} fixed>
              <Text style={[styles.date, styles.bold]}>Tag</Text>
              <Text style={[styles.number, styles.bold]}>Soll</Text>
              <Text style={[styles.number, styles.bold]}>Gearbeitet</Text>
              <Text style={[styles.number, styles.bold]}>Gutschrift</Text>
              <Text style={[styles.text, styles.bold]}>Grund</Text>
            </View>
            {statement.days.map((day) => (
              <DayRow key={day.date} day={day} />
            ))}
            {statement.days.length === 0 && <Text style={styles.muted}>Keine Tage mit Soll oder Arbeitszeit.</Text>}
          </View>
          <View style={styles.summary}>
            <View style={styles.block}>
              <Text style={styles.heading}>Zeitkonto</Text>
              {statement.isHourly ? (
                <>
                  <Line label="Gearbeitet" minutes={account.workedMinutes} strong />
                  <Text style={styles.note}>Im Stundenlohn: bezahlt wird die gearbeitete Zeit, es gibt kein Soll.</Text>
                </>
              ) : (
                <>
                  <Line label="Übertrag aus dem Vormonat" minutes={account.broughtMinutes} signed />
                  <Line label="Soll" minutes={account.targetMinutes} />
                  <Line label="Gearbeitet" minutes={account.workedMinutes} />
                  <Line label="Gutschriften (Ferien, Abwesenheiten)" minutes={account.creditMinutes} />
                  <Line label="Saldo des Monats" minutes={account.balanceMinutes} signed toned strong />
                  {account.bookings.map((booking, index) => (
                    <Line key={index} label={`${booking.label}: ${booking.reason}`} minutes={booking.minutes} signed />
                  ))}
                  <Line label="Neuer Übertrag" minutes={account.carriedMinutes} signed toned strong total />
                  {statement.keptFiguresNote && <Text style={styles.note}>{statement.keptFiguresNote}</Text>}
                </>
              )}
            </View>
            <View style={styles.block}>
              <Text style={styles.heading}>Zuschläge</Text>
              {statement.surcharges.length === 0 ? (
                <Text style={styles.muted}>Keine Stunden mit Zuschlag.</Text>
              ) : (
                statement.surcharges.map((surcharge) => (
                  <Line
                    key={surcharge.label}
                    label={`${surcharge.label} (${surcharge.percent} %)`}
                    minutes={surcharge.minutes}
                  />
                ))
              )}
            </View>
          </View>
        </View>
        <Text style={styles.note}>
          Zeiten in h:mm. Soll = Wochenstunden / 5 je Arbeitstag (Mo–Fr ohne Feiertage); Gutschrift = Ferien und
          Abwesenheiten, die das Soll decken; Saldo = gearbeitet + Gutschriften − Soll. Ein positiver Übertrag sind
          Überstunden, ein negativer Minusstunden.
        </Text>
        <PdfSignatures />
      </PdfPage>
    </Document>
  );
}
