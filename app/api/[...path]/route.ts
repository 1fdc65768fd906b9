// Any /api path without a route of its own: a JSON 404, never an HTML page, for every method
// (docs/PRODUCT-RULES.md §30.4). OPTIONS is exported too: without it Next answers its automatic 204 with `Allow`, as
// if the path existed. HEAD needs no export: Next answers it with GET (without the body), so 404 as well.
import { ApiError } from "@/lib/server/api/errors";

const notFound = async () => new ApiError("not_found", "Unbekannter API-Pfad").toResponse();

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
