import {
  notificationDtoSchema,
  notificationSettingsSchema,
  mailStatusSchema,
  notificationsPageSchema,
} from "@/lib/shared/schemas/notification";
import { pushDeviceSchema, pushStatusSchema } from "@/lib/shared/schemas/push";
import { publicationSchema, shiftChangeSchema } from "@/lib/shared/schemas/publication";
import "server-only";
import { accessTokenCreatedSchema, accessTokenDtoSchema } from "@/lib/shared/schemas/access-token";
import { absenceDtoSchema, recordedAbsenceSchema, sickReportResultSchema } from "@/lib/shared/schemas/absence";
import { auditEntrySchema, auditPageSchema } from "@/lib/shared/schemas/audit";
import {
  currentUserSchema,
  recoveryCodesSchema,
  sessionSchema,
  sessionTokensSchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  twoFactorStateSchema,
  twoFactorStepSchema,
} from "@/lib/shared/schemas/auth";
import { errorBodySchema, healthSchema, messageSchema } from "@/lib/shared/schemas/common";
import { dashboardDtoSchema } from "@/lib/shared/schemas/dashboard";
import {
  availabilitySchema,
  employeeDeletionImpactSchema,
  employeeDtoSchema,
  employeeWeekSchema,
  personnelNumberDtoSchema,
} from "@/lib/shared/schemas/employee";
import { holidayDtoSchema, holidayRegionDtoSchema } from "@/lib/shared/schemas/holiday";
import { locationDeletionImpactSchema, locationDtoSchema } from "@/lib/shared/schemas/location";
import { hoursReportRowSchema, hoursReportSchema } from "@/lib/shared/schemas/report";
import { findingSchema, savedShiftSchema } from "@/lib/shared/schemas/finding";
import { scheduleWeekSchema } from "@/lib/shared/schemas/schedule";
import { settingsDtoSchema } from "@/lib/shared/schemas/settings";
import { copiedWeekSchema, openedCopySchema, shiftDtoSchema } from "@/lib/shared/schemas/shift";
import { shiftPresetDtoSchema } from "@/lib/shared/schemas/shift-preset";
import { swapDtoSchema, swapShiftSchema } from "@/lib/shared/schemas/swap";
import {
  clockStateSchema,
  correctionDtoSchema,
  revisionDtoSchema,
  timeEntryDtoSchema,
  timeEntryListItemSchema,
} from "@/lib/shared/schemas/time-entry";
import { unavailabilityDtoSchema } from "@/lib/shared/schemas/unavailability";
import { wishDtoSchema } from "@/lib/shared/schemas/wish";
import {
  openShiftDtoSchema,
  shiftApplicationDtoSchema,
  weekApplicationSchema,
} from "@/lib/shared/schemas/shift-application";
import { userDtoSchema } from "@/lib/shared/schemas/user";
import {
  webhookCreatedSchema,
  webhookDeliveryDtoSchema,
  webhookDtoSchema,
  webhookSavedSchema,
} from "@/lib/shared/schemas/webhook";
import { recordedVacationSchema, vacationBalanceSchema, vacationDtoSchema } from "@/lib/shared/schemas/vacation";
import {
  appliedTemplateSchema,
  weekTemplateDtoSchema,
  weekTemplateShiftDtoSchema,
} from "@/lib/shared/schemas/week-template";

/**
 * The JSON the API answers with (docs/PRODUCT-RULES.md §2 and §7) is described by the
 * zod response schemas beside each resource's input schemas in
 * lib/shared/schemas/: the TypeScript types of lib/shared/api-types.ts are
 * inferred from them, and the OpenAPI document is generated from them, so the
 * types the code is checked against and the documented shapes are one thing.
 *
 * Named shapes: these become `components/schemas` of the OpenAPI document
 * (and are referenced from every operation that answers with them).
 */
export const NAMED_RESPONSE_SCHEMAS = {
  Error: errorBodySchema,
  Message: messageSchema,
  User: userDtoSchema,
  SessionTokens: sessionTokensSchema,
  Session: sessionSchema,
  TwoFactorStep: twoFactorStepSchema,
  TwoFactorSetup: twoFactorSetupSchema,
  TwoFactorState: twoFactorStateSchema,
  TwoFactorEnabled: twoFactorEnabledSchema,
  RecoveryCodes: recoveryCodesSchema,
  CurrentUser: currentUserSchema,
  Employee: employeeDtoSchema,
  Availability: availabilitySchema,
  EmployeeDeletionImpact: employeeDeletionImpactSchema,
  Location: locationDtoSchema,
  LocationDeletionImpact: locationDeletionImpactSchema,
  ShiftPreset: shiftPresetDtoSchema,
  Shift: shiftDtoSchema,
  SavedShift: savedShiftSchema,
  CopiedWeek: copiedWeekSchema,
  OpenedCopy: openedCopySchema,
  Finding: findingSchema,
  ScheduleWeek: scheduleWeekSchema,
  OpenShift: openShiftDtoSchema,
  ShiftApplication: shiftApplicationDtoSchema,
  AccessToken: accessTokenDtoSchema,
  AccessTokenCreated: accessTokenCreatedSchema,
  Swap: swapDtoSchema,
  SwapShift: swapShiftSchema,
  WeekApplication: weekApplicationSchema,
  Vacation: vacationDtoSchema,
  RecordedVacation: recordedVacationSchema,
  VacationBalance: vacationBalanceSchema,
  Unavailability: unavailabilityDtoSchema,
  Wish: wishDtoSchema,
  Absence: absenceDtoSchema,
  RecordedAbsence: recordedAbsenceSchema,
  SickReport: sickReportResultSchema,
  WeekTemplate: weekTemplateDtoSchema,
  WeekTemplateShift: weekTemplateShiftDtoSchema,
  AppliedTemplate: appliedTemplateSchema,
  EmployeeWeek: employeeWeekSchema,
  PersonnelNumber: personnelNumberDtoSchema,
  Dashboard: dashboardDtoSchema,
  HoursReport: hoursReportSchema,
  HoursReportRow: hoursReportRowSchema,
  Settings: settingsDtoSchema,
  Holiday: holidayDtoSchema,
  HolidayRegion: holidayRegionDtoSchema,
  AuditPage: auditPageSchema,
  AuditEntry: auditEntrySchema,
  Health: healthSchema,
  TimeEntry: timeEntryDtoSchema,
  TimeEntryListItem: timeEntryListItemSchema,
  ClockState: clockStateSchema,
  TimeEntryRevision: revisionDtoSchema,
  TimeCorrection: correctionDtoSchema,
  Notification: notificationDtoSchema,
  NotificationsPage: notificationsPageSchema,
  NotificationSettings: notificationSettingsSchema,
  PushDevice: pushDeviceSchema,
  PushStatus: pushStatusSchema,
  MailStatus: mailStatusSchema,
  Publication: publicationSchema,
  ShiftChange: shiftChangeSchema,
  Webhook: webhookDtoSchema,
  WebhookCreated: webhookCreatedSchema,
  WebhookSaved: webhookSavedSchema,
  WebhookDelivery: webhookDeliveryDtoSchema,
} as const;
