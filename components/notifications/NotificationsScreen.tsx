"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { IntentLink } from "@/components/ui/IntentLink";
import { PageHeader } from "@/components/ui/PageHeader";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { setUnreadCount } from "@/lib/client/inbox-store";
import { notify } from "@/lib/client/notify";
import { useResource } from "@/lib/client/use-resource";
import { classNames } from "@/lib/shared/class-names";
import { formatTimestamp } from "@/lib/shared/format";
import type { NotificationDto } from "@/lib/shared/schemas/notification";

type Older = { messages: NotificationDto[]; before: number | null };

/**
 * The inbox, "Mitteilungen" (docs/PRODUCT-RULES.md §33.2): the signed-in user's messages, newest first, unread ones
 * marked; one or all marked read here, a message's link marks it read too; "Ältere laden" pages back.
 */
export function NotificationsScreen() {
  const firstPage = useResource(async (signal) => {
    const page = await api.get("/me/notifications", signal);
    setUnreadCount(page.unread_count);
    return page;
  }, "Fehler beim Laden der Mitteilungen");
  const [older, setOlder] = useState<Older | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // Marked here since the list was loaded: shown read at once, whatever the server's answer says later.
  const [readHere, setReadHere] = useState<{ ids: Set<number>; all: boolean }>({ ids: new Set(), all: false });
  const [marking, setMarking] = useState(false);

  const isRead = (message: NotificationDto) => readHere.all || readHere.ids.has(message.id) || !!message.read_at;

  async function mark(ids: number[] | "all") {
    setMarking(true);
    try {
      const answer = await api.post("/me/notifications/read", ids === "all" ? { all: true } : { ids });
      setReadHere((current) =>
        ids === "all" ? { ids: current.ids, all: true } : { ids: new Set([...current.ids, ...ids]), all: current.all },
      );
      setUnreadCount(answer.unread_count);
    } catch {
      notify.error("Die Mitteilungen konnten nicht als gelesen markiert werden");
    } finally {
      setMarking(false);
    }
  }

  async function loadOlder(before: number) {
    setLoadingOlder(true);
    try {
      const page = await api.get(`/me/notifications?before=${before}`);
      setOlder({ messages: [...(older?.messages ?? []), ...page.notifications], before: page.next_before });
    } catch {
      notify.error("Fehler beim Laden älterer Mitteilungen");
    } finally {
      setLoadingOlder(false);
    }
  }

  const messages = [...(firstPage.data?.notifications ?? []), ...(older?.messages ?? [])];
  const unreadShown = messages.some((message) => !isRead(message));
  const before = older ? older.before : (firstPage.data?.next_before ?? null);

  return (
    <>
      <PageHeader
        title="Mitteilungen"
        description="Was sich für dich geändert hat, die neuesten zuerst."
        actions={
          unreadShown && (
            <Button variant="secondary" disabled={marking} onClick={() => mark("all")}>
              Alle als gelesen markieren
            </Button>
          )
        }
      />
      <WhenLoaded resource={firstPage} failedTitle="Die Mitteilungen konnten nicht geladen werden">
        {() =>
          messages.length === 0 ? (
            <EmptyState title="Keine Mitteilungen">
              Hier erscheint, was sich für dich ändert: deine Schichten, deine Ferienanträge und deine Stempel.
            </EmptyState>
          ) : (
            <>
              <ol
                aria-label="Mitteilungen"
                className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
              >
                {messages.map((message) => (
                  <Message
                    key={message.id}
                    message={message}
                    read={isRead(message)}
                    marking={marking}
                    onRead={() => mark([message.id])}
                  />
                ))}
              </ol>
              {before !== null && (
                <div className="mt-4 flex justify-center">
                  <Button variant="secondary" disabled={loadingOlder} onClick={() => loadOlder(before)}>
                    Ältere laden
                  </Button>
                </div>
              )}
            </>
          )
        }
      </WhenLoaded>
    </>
  );
}

function Message({
  message,
  read,
  marking,
  onRead,
}: {
  message: NotificationDto;
  read: boolean;
  marking: boolean;
  onRead: () => void;
}) {
  const titleId = `message-${message.id}`;
  return (
    <li aria-labelledby={titleId} className={classNames("flex gap-3 px-4 py-3", !read && "bg-blue-50/60")}>
      <span
        aria-hidden="true"
        className={classNames("mt-2 size-2.5 shrink-0 rounded-full", read ? "bg-transparent" : "bg-accent-dark")}
      />
      <div className="min-w-0 flex-1">
        <p id={titleId} className={classNames("break-words text-slate-900", !read && "font-semibold")}>
          {!read && <span className="sr-only">Ungelesen: </span>}
          {message.title}
        </p>
        {message.lines.length > 0 && (
          <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
            {message.lines.map((line, index) => (
              <li key={index} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-4 text-sm">
          <time dateTime={message.created_at} className="text-slate-600 tabular-nums">
            {formatTimestamp(message.created_at)}
          </time>
          <IntentLink
            href={message.link}
            onClick={() => {
              if (!read) onRead();
            }}
            className={classNames(
              "inline-flex min-h-11 items-center font-medium text-blue-700",
              "underline underline-offset-2 sm:min-h-0",
            )}
          >
            Ansehen
          </IntentLink>
          {!read && (
            <button
              type="button"
              disabled={marking}
              onClick={onRead}
              className={classNames(
                "inline-flex min-h-11 items-center text-slate-700 underline underline-offset-2",
                "hover:text-slate-900 disabled:opacity-60 sm:min-h-0",
              )}
            >
              Als gelesen markieren
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
