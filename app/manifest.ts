import type { MetadataRoute } from "next";

/**
 * The web app manifest (/manifest.webmanifest, docs/PRODUCT-RULES.md §33.8): what a phone needs to put Schichtwerk
 * on its home screen and open it like an app, without the browser's bars. It starts at the login page, which sends
 * a signed-in user on to their start page (staff: Meine Schichten), also offline.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "Schichtwerk",
    short_name: "Schichtwerk",
    description: "Schichtplan, Zeiterfassung und Mitteilungen",
    lang: "de-CH",
    dir: "ltr",
    start_url: "/login",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: "#f8fafc",
    theme_color: "#3b82f6",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
