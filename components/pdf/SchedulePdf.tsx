import { Document, StyleSheet, Text, View } from "@react-pdf/renderer";
import { addDays } from "@/lib/shared/dates";
import { formatDate, formatDayMonth, isoWeekNumber, WEEKDAYS_SHORT } from "@/lib/shared/format";
import { formatHours } from "@/lib/shared/hours";
import type { ScheduleReport, ScheduleShift } from "@/lib/shared/report-types";
import { PdfPage, pdfColors } from "./PdfPage";
import { LINE_HEIGHT, NAME_LINE_HEIGHT, paginateSchedule, shiftLine, type Measure, type PageRow } from "./schedule-pages";

const styles = StyleSheet.create({
  weekTitle: { fontSize: 10, fontWeight: "bold", marginBottom: 4 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: pdfColors.line },
  headerRow: { flexDirection: "row", backgroundColor: pdfColors.header, borderTopWidth: 0.5, borderBottomWidth: 0.5, borderColor: pdfColors.line },
  first: { width: 92, padding: 2.5, flexDirection: "row" },
  day: { flex: 1, padding: 2.5, borderLeftWidth: 0.5, borderLeftColor: pdfColors.line },
  total: { width: 44, padding: 2.5, borderLeftWidth: 0.5, borderLeftColor: pdfColors.line, textAlign: "right" },
  headText: { fontWeight: "bold" },
  swatch: { width: 4, marginRight: 4, borderRadius: 1 },
  locationName: { fontWeight: "bold", flex: 1, lineHeight: NAME_LINE_HEIGHT / 8 },
  cell: { fontSize: 7, lineHeight: LINE_HEIGHT / 7 },
  openCell: { fontSize: 7, lineHeight: LINE_HEIGHT / 7, color: pdfColors.openText, backgroundColor: pdfColors.open },
  outside: { backgroundColor: "#f8fafc" },
  sum: { fontWeight: "bold" },
  legend: { marginTop: 6, fontSize: 7, color: pdfColors.muted },
});

/**
 * A cell is at most two Text nodes (assigned shifts, open shifts): react-pdf
 * lays out every Text node and span on its own, and a node per shift made a
 * month of 50 employees take seconds.
 */
function ShiftCell({ shifts }: { shifts: ScheduleShift[] }) {
  const assigned = shifts.filter((shift) => shift.employee !== null);
  const open = shifts.filter((shift) => shift.employee === null);
  return (
    <>
      {assigned.length > 0 && <Text style={styles.cell}>{assigned.map(shiftLine).join("\n")}</Text>}
      {open.length > 0 && <Text style={styles.openCell}>{open.map(shiftLine).join("\n")}</Text>}
    </>
  );
}

function LocationRow({ row, days }: { row: PageRow; days: (string | null)[] }) {
  return (
    <View style={styles.row} wrap={false}>
      <View style={styles.first}>
        <View style={[styles.swatch, { backgroundColor: row.color }]} />
        <Text style={styles.locationName}>{row.continued ? `${row.name} (Forts.)` : row.name}</Text>
      </View>
      {row.cells.map((cell, i) => (
        <View key={i} style={[styles.day, days[i] === null ? styles.outside : {}]}>
          <ShiftCell shifts={cell} />
        </View>
      ))}
      <View style={styles.total}>
        <Text>{row.continued ? "" : `${formatHours(row.total)} h`}</Text>
      </View>
    </View>
  );
}

/** The schedule as the planner shows it: per week a grid of locations × Monday–Sunday, with day and week totals. */
export function SchedulePdf({ report, printedAt, measure }: { report: ScheduleReport; printedAt: string; measure: Measure }) {
  const range = `${formatDate(report.startDate)} – ${formatDate(report.endDate)}`;
  const period = `${range} · ${report.shiftCount} Schichten · ${formatHours(report.total)} h`;
  const pages = paginateSchedule(report, measure);
  return (
    <Document title={`Arbeitsplan ${range}`} author="Schichtwerk" language="de-CH">
      {pages.map(({ week, rows, firstOfWeek, lastOfWeek }, index) => (
        <PdfPage key={index} title="Arbeitsplan" period={period} printedAt={printedAt} page={{ number: index + 1, of: pages.length }}>
          <Text style={styles.weekTitle}>
            KW {isoWeekNumber(week.weekStart)} · {formatDayMonth(week.weekStart)}–{formatDate(addDays(week.weekStart, 6))}
            {firstOfWeek ? "" : " (Fortsetzung)"}
          </Text>
          <View style={styles.headerRow}>
            <View style={styles.first}>
              <Text style={styles.headText}>Standort</Text>
            </View>
            {WEEKDAYS_SHORT.map((weekday, i) => (
              <View key={weekday} style={styles.day}>
                <Text style={styles.headText}>
                  {weekday} {formatDayMonth(addDays(week.weekStart, i))}
                </Text>
              </View>
            ))}
            <View style={styles.total}>
              <Text style={styles.headText}>Total</Text>
            </View>
          </View>
          {rows.length === 0 && <Text style={{ padding: 6, color: pdfColors.muted }}>Keine Standorte erfasst.</Text>}
          {rows.map((row, i) => (
            <LocationRow key={`${row.id}-${i}`} row={row} days={week.days} />
          ))}
          {lastOfWeek && (
            <View style={[styles.row, { backgroundColor: pdfColors.header }]} wrap={false}>
              <View style={styles.first}>
                <Text style={styles.sum}>Total Tag</Text>
              </View>
              {week.dayTotals.map((hours, i) => (
                <View key={i} style={styles.day}>
                  <Text style={styles.sum}>{week.days[i] === null ? "" : `${formatHours(hours)} h`}</Text>
                </View>
              ))}
              <View style={styles.total}>
                <Text style={styles.sum}>{formatHours(week.total)} h</Text>
              </View>
            </View>
          )}
          {lastOfWeek && <Text style={styles.legend}>Offene Schichten sind gelb hinterlegt und mit „Offen“ bezeichnet. Stunden: Ende vor Beginn = über Mitternacht.</Text>}
        </PdfPage>
      ))}
    </Document>
  );
}
