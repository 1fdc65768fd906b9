import type { Metadata, Viewport } from "next";
import { SessionBootstrap } from "@/components/layout/SessionBootstrap";
import { EARLY_REQUESTS_SCRIPT } from "@/lib/client/early-requests-script";
import "./globals.css";

export const metadata: Metadata = {
  title: "Schichtwerk",
  description: "Schichtplanung für kleine Betriebe mit mehreren Standorten",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="de-CH">
      <head>
        {/*
          Static text of ours, no user input: the session check (and a page's data)
          before the app's code has loaded.
        */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_REQUESTS_SCRIPT }} />
      </head>
      <body>
        {children}
        <SessionBootstrap />
      </body>
    </html>
  );
}
