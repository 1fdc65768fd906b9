// GET /api/me/time-record/pdf?month – the caller's own Arbeitszeitnachweis as PDF (linked users,
// docs/PRODUCT-RULES.md §32.7)
import { otherMethods } from "@/lib/server/api/method-not-allowed";
import { route } from "@/lib/server/api/route";
import { linkedEmployeeId } from "@/lib/server/self-service/acting-for";
import { workRecordDownload } from "@/lib/server/time/work-record-download";
import * as api from "@/lib/shared/contract/work-record";

export const dynamic = "force-dynamic";

export const GET = route(api.myWorkRecordPdf, ({ user, query }) =>
  workRecordDownload("pdf", { employeeId: linkedEmployeeId(user), month: query.month }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
