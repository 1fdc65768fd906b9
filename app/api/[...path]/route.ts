// Any /api path without a route of its own: a JSON 404, never an HTML page.
import { ApiError } from "@/lib/server/api/errors";

const notFound = async () => new ApiError("not_found", "Unbekannter API-Pfad").toResponse();

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
