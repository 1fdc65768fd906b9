"use client";
/**
 * Web push on this device (docs/PRODUCT-RULES.md §33.7): the browser's permission, its subscription at its push
 * service (through the service worker, ./service-worker.ts) and the server's record of it. The device's id is kept
 * beside the session, so signing out can remove it while the session still may.
 */
import type { PushDeviceDto } from "@/lib/shared/schemas/push";
import { api } from "./api";
import { PUSH_DEVICE_KEY } from "./session-storage";
import { UserMessageError } from "./user-message-error";

/** What this browser can do: push needs a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

/** The browser said no to notifications for this site (only its settings can undo that). */
export class PushBlockedError extends UserMessageError {
  constructor() {
    super("Dein Browser blockiert Mitteilungen von Schichtwerk. Erlaube sie in den Einstellungen des Browsers.");
  }
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await serviceWorkerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Asks for permission, subscribes at the browser's push service and tells the server. */
export async function enablePush(publicKey: string): Promise<PushDeviceDto> {
  if ((await Notification.requestPermission()) !== "granted") throw new PushBlockedError();
  const registration = await serviceWorkerRegistration();
  if (!registration) throw new Error("no service worker");
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64url(publicKey),
    }));
  const device = await api.post("/me/push-subscriptions", subscription.toJSON());
  remember(device.id);
  return device;
}

/** Ends push on this device: at the server (the caller's device with this endpoint) and at the push service. */
export async function disablePush(devices: PushDeviceDto[]): Promise<void> {
  const subscription = await currentSubscription();
  const device = devices.find((candidate) => candidate.endpoint === subscription?.endpoint);
  if (device) await api.delete(`/me/push-subscriptions/${device.id}`);
  await subscription?.unsubscribe();
  remember(null);
}

/**
 * Signing out on this device: its push ends, so the next person on a shared phone sees nothing of the previous
 * one's. Best effort, while the session still holds: a failure leaves it to the push service's "gone" (§33.7).
 */
export async function disablePushAtSignOut(): Promise<void> {
  const id = remembered();
  if (id === null) return;
  remember(null);
  await Promise.allSettled([
    api.delete(`/me/push-subscriptions/${id}`),
    currentSubscription().then((subscription) => subscription?.unsubscribe()),
  ]);
}

function remember(id: number | null) {
  try {
    if (id === null) localStorage.removeItem(PUSH_DEVICE_KEY);
    else localStorage.setItem(PUSH_DEVICE_KEY, String(id));
  } catch {
    // No storage: sign-out cannot remove the device; the server moves it to whoever subscribes it next.
  }
}

function remembered(): number | null {
  try {
    const id = Number(localStorage.getItem(PUSH_DEVICE_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** The VAPID key as the Push API takes it. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The worker's registration once it is active (push needs it); null where there is none within ten seconds. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}
