import type { Metadata, Viewport } from "next";
import { SessionBootstrap } from "@/components/layout/SessionBootstrap";
import "./globals.css";

export const metadata: Metadata = {
  title: "Schichtwerk",
  description: "Schichtplanung für kleine Betriebe mit mehreren Standorten",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="de-CH">
      <body>
        {children}
        <SessionBootstrap />
      </body>
    </html>
  );
}
