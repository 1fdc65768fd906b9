import "server-only";
import { Document, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { HoursReport } from "@/lib/shared/report-types";
import { formatDate } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";
import { PdfPage } from "./pdf-page";
import { pdfColors } from "./theme";

const styles = StyleSheet.create({
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: pdfColors.line, paddingVertical: 4 },
  head: {
    flexDirection: "row",
    backgroundColor: pdfColors.header,
    borderTopWidth: 0.5,
    borderBottomWidth: 0.5,
    borderColor: pdfColors.line,
    paddingVertical: 4,
  },
  totals: {
    flexDirection: "row",
    backgroundColor: pdfColors.header,
    borderBottomWidth: 0.5,
    borderBottomColor: pdfColors.line,
    paddingVertical: 4,
  },
  name: { flex: 3, paddingHorizontal: 4 },
  type: { flex: 1.4, paddingHorizontal: 4 },
  number: { flex: 1, paddingHorizontal: 4, textAlign: "right" },
  bold: { fontWeight: "bold" },
  negative: { color: "#b91c1c" },
  note: { marginTop: 8, color: pdfColors.muted, fontSize: 7.5 },
});

const hours = (value: number | null) => (value === null ? "–" : `${formatHours(value)} h`);
const signed = (value: number | null) => (value === null ? "–" : `${value > 0 ? "+" : ""}${formatHours(value)} h`);

/** Sum of the differences of employees with a target (hourly employees have none). */
function totalDifference(report: HoursReport): number {
  return Math.round(report.employees.reduce((sum, row) => sum + (row.difference ?? 0), 0) * 100) / 100;
}

/** One row per employee: target, scheduled, difference, shifts, vacation days; totals at the end. */
export function HoursReportPdf({ report, printedAt }: { report: HoursReport; printedAt: string }) {
  const period = `${formatDate(report.start_date)} – ${formatDate(report.end_date)}`;
  return (
    <Document title={`Stundenbericht ${period}`} author="Schichtwerk" language="de-CH">
      <PdfPage title="Stundenbericht" period={period} printedAt={printedAt}>
        <View style={styles.head} fixed>
          <Text style={[styles.name, styles.bold]}>Mitarbeiter</Text>
          <Text style={[styles.type, styles.bold]}>Anstellung</Text>
          <Text style={[styles.number, styles.bold]}>Soll</Text>
          <Text style={[styles.number, styles.bold]}>Geplant</Text>
          <Text style={[styles.number, styles.bold]}>Differenz</Text>
          <Text style={[styles.number, styles.bold]}>Schichten</Text>
          <Text style={[styles.number, styles.bold]}>Ferientage</Text>
        </View>
        {report.employees.map((row) => (
          <View key={row.employee_id} style={styles.row} wrap={false}>
            <Text style={styles.name}>
              {row.last_name}, {row.first_name}
            </Text>
            <Text style={styles.type}>
              {row.is_hourly ? "Stundenlohn" : `Fest (${formatHours(row.weekly_hours)} h/Woche)`}
            </Text>
            <Text style={styles.number}>{hours(row.target_hours)}</Text>
            <Text style={styles.number}>{hours(row.scheduled_hours)}</Text>
            <Text style={[styles.number, row.difference !== null && row.difference < 0 ? styles.negative : {}]}>
              {signed(row.difference)}
            </Text>
            <Text style={styles.number}>{row.shift_count}</Text>
            <Text style={styles.number}>{row.vacation_days}</Text>
          </View>
        ))}
        <View style={styles.totals} wrap={false}>
          <Text style={[styles.name, styles.bold]}>Total ({report.employees.length} Mitarbeitende)</Text>
          <Text style={styles.type} />
          <Text style={[styles.number, styles.bold]}>{hours(report.totals.target_hours)}</Text>
          <Text style={[styles.number, styles.bold]}>{hours(report.totals.scheduled_hours)}</Text>
          <Text style={[styles.number, styles.bold]}>{signed(totalDifference(report))}</Text>
          <Text style={[styles.number, styles.bold]}>{report.totals.shift_count}</Text>
          <Text style={styles.number} />
        </View>
        <Text style={styles.note}>
          Soll = Wochenstunden ÷ 5 × (Arbeitstage Mo–Fr im Zeitraum − Ferientage). Mitarbeitende im Stundenlohn haben
          kein Soll.
        </Text>
      </PdfPage>
    </Document>
  );
}
