import type { Metadata, Viewport } from "next";
import { SessionBootstrap } from "@/components/layout/SessionBootstrap";
import { EARLY_REQUESTS_SCRIPT } from "@/lib/client/early-requests-script";
import "./globals.css";

export const metadata: Metadata = {
  title: "Schichtwerk",
  description: "Schichtplanung für kleine Betriebe mit mehreren Standorten",
  // The home-screen app (app/manifest.ts; Safari reads these instead).
  applicationName: "Schichtwerk",
  appleWebApp: { capable: true, title: "Schichtwerk", statusBarStyle: "default" },
  icons: { apple: "/icons/apple-touch-icon.png" },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#3b82f6" };

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
