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
  under: { color: pdfColors.under },
  over: { color: pdfColors.over },
  note: { marginTop: 8, color: pdfColors.muted, fontSize: 7.5 },
});

const hours = (value: number | null) => (value === null ? "–" : `${formatHours(value)} h`);
/** Like the screen: -0.04 prints as 0.0 h, without a sign. */
function signed(value: number | null): string {
  if (value === null) return "–";
  const rounded = Math.round(value * 10) / 10 || 0;
  return `${rounded > 0 ? "+" : ""}${formatHours(rounded)} h`;
}

/** Red under target, amber over it; the sign says it too (docs/PRODUCT-RULES.md §29.5). */
const differenceStyle = (value: number | null) =>
  value === null || Math.round(value * 10) === 0 ? {} : value < 0 ? styles.under : styles.over;
const people = (count: number) => `${count} Mitarbeitende`;

/** One row per employee: target, scheduled, difference, shifts, vacation days; totals at the end. */
export function HoursReportPdf({ report, printedAt }: { report: HoursReport; printedAt: string }) {
  const period = `${formatDate(report.start_date)} – ${formatDate(report.end_date)}`;
  const { salaried, hourly } = report.totals;
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
            <Text style={[styles.number, differenceStyle(row.difference)]}>{signed(row.difference)}</Text>
            <Text style={styles.number}>{row.shift_count}</Text>
            <Text style={styles.number}>{row.vacation_days}</Text>
          </View>
        ))}
        {/* Like the screen: Soll against Geplant among those with contract hours, the hourly staff apart (§29.5). */}
        {salaried.employees > 0 && (
          <View style={styles.totals} wrap={false}>
            <Text style={[styles.name, styles.bold]}>Total Fest ({people(salaried.employees)})</Text>
            <Text style={styles.type} />
            <Text style={[styles.number, styles.bold]}>{hours(salaried.target_hours)}</Text>
            <Text style={[styles.number, styles.bold]}>{hours(salaried.scheduled_hours)}</Text>
            <Text style={[styles.number, styles.bold, differenceStyle(salaried.difference)]}>
              {signed(salaried.difference)}
            </Text>
            <Text style={[styles.number, styles.bold]}>{salaried.shift_count}</Text>
            <Text style={[styles.number, styles.bold]}>{salaried.vacation_days}</Text>
          </View>
        )}
        {hourly.employees > 0 && (
          <View style={styles.totals} wrap={false}>
            <Text style={[styles.name, styles.bold]}>Total Stundenlohn ({people(hourly.employees)})</Text>
            <Text style={styles.type} />
            <Text style={[styles.number, styles.bold]}>–</Text>
            <Text style={[styles.number, styles.bold]}>{hours(hourly.scheduled_hours)}</Text>
            <Text style={[styles.number, styles.bold]}>–</Text>
            <Text style={[styles.number, styles.bold]}>{hourly.shift_count}</Text>
            <Text style={[styles.number, styles.bold]}>{hourly.vacation_days}</Text>
          </View>
        )}
        <Text style={styles.note}>
          Soll = Wochenstunden ÷ 5 × (Arbeitstage Mo–Fr im Zeitraum − Ferientage). Mitarbeitende im Stundenlohn haben
          kein Soll; ihre Stunden stehen im Total Stundenlohn, nicht in der Differenz.
        </Text>
      </PdfPage>
    </Document>
  );
}
