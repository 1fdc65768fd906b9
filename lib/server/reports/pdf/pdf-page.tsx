import "server-only";
import { Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import { PDF_FONT_FAMILY } from "./fonts";
import { pdfColors, pdfPage as p } from "./theme";

// The schedule draws the same frame with pdfkit (page-frame.ts), from the same measures.
const styles = StyleSheet.create({
  page: {
    fontFamily: PDF_FONT_FAMILY,
    fontSize: p.bodySize,
    color: pdfColors.text,
    paddingTop: p.margin,
    paddingBottom: p.bottom,
    paddingHorizontal: p.margin,
  },
  header: {
    flexDirection: "row",
    justifyContent: "space-between",
    alignItems: "flex-end",
    marginBottom: p.headerGap,
    borderBottomWidth: p.headerRule,
    borderBottomColor: pdfColors.line,
    paddingBottom: p.headerPadding,
  },
  title: { fontSize: p.titleSize, fontWeight: "bold" },
  subtitle: { fontSize: p.subtitleSize, color: pdfColors.muted, marginTop: p.subtitleGap },
  printed: { fontSize: p.smallSize, color: pdfColors.muted },
  footer: {
    position: "absolute",
    bottom: p.footerBottom,
    left: p.margin,
    right: p.margin,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: p.smallSize,
    color: pdfColors.muted,
  },
});

type Props = {
  title: string;
  period: string;
  printedAt: string;
  children: ReactNode;
};

/** A landscape A4 page with the report's title, period, print date and "Seite X von Y". */
export function PdfPage({ title, period, printedAt, children }: Props) {
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
        <Text render={({ pageNumber, totalPages }) => `Seite ${pageNumber} von ${totalPages}`} />
      </View>
    </Page>
  );
}
