import { Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import { PDF_FONT } from "./fonts";

export const pdfColors = { text: "#0f172a", muted: "#475569", line: "#cbd5e1", header: "#f1f5f9", open: "#FEF3C7", openBorder: "#F59E0B", openText: "#92400e" };

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 8, color: pdfColors.text, paddingTop: 28, paddingBottom: 34, paddingHorizontal: 28 },
  header: { flexDirection: "row", justifyContent: "space-between", alignItems: "flex-end", marginBottom: 10, borderBottomWidth: 1, borderBottomColor: pdfColors.line, paddingBottom: 6 },
  title: { fontSize: 15, fontWeight: "bold" },
  subtitle: { fontSize: 9, color: pdfColors.muted, marginTop: 2 },
  printed: { fontSize: 7.5, color: pdfColors.muted },
  footer: { position: "absolute", bottom: 16, left: 28, right: 28, flexDirection: "row", justifyContent: "space-between", fontSize: 7.5, color: pdfColors.muted },
});

type Props = {
  title: string;
  period: string;
  printedAt: string;
  /** Known page number and count (pages laid out by us); otherwise react-pdf counts. */
  page?: { number: number; of: number };
  children: ReactNode;
};

/** A landscape A4 page with the report's title, period, print date and "Seite X von Y". */
export function PdfPage({ title, period, printedAt, page, children }: Props) {
  return (
    <Page size="A4" orientation="landscape" style={styles.page} wrap>
      <View style={styles.header} fixed>
        <View>
          <Text style={styles.title}>{title}</Text>
          <Text style={styles.subtitle}>{period}</Text>
        </View>
        <Text style={styles.printed}>Gedruckt am {printedAt}</Text>
      </View>
      {children}
      <View style={styles.footer} fixed>
        <Text>Schichtwerk</Text>
        {page ? (
          <Text>{`Seite ${page.number} von ${page.of}`}</Text>
        ) : (
          <Text render={({ pageNumber, totalPages }) => `Seite ${pageNumber} von ${totalPages}`} />
        )}
      </View>
    </Page>
  );
}
