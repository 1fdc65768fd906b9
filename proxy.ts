import { NextResponse, type NextRequest } from "next/server";

/**
 * HSTS only when the app is reached over HTTPS (directly or via a reverse
 * proxy that says so): sending it over plain HTTP on a LAN would be ignored at
 * best. All other security headers come from next.config.ts. Authorization
 * never happens here; every route handler checks it itself.
 */
export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  const protocol = request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol.replace(":", "");
  if (protocol === "https") {
    response.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  return response;
}

export const config = {
  matcher: "/:path*",
};
