"use client";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDelete } from "@/components/ui/ConfirmDelete";
import { PageHeader } from "@/components/ui/PageHeader";
import { EmptyState, WhenLoaded } from "@/components/ui/States";
import { api } from "@/lib/client/api";
import { useAuth } from "@/lib/client/auth-store";
import { useResource } from "@/lib/client/use-resource";
import type { WeekTemplateDto } from "@/lib/shared/api-types";
import { can } from "@/lib/shared/roles";
import { TemplateCard } from "./TemplateCard";
import { TemplateViewDialog } from "./TemplateViewDialog";
import { WeekTemplateDialog } from "./WeekTemplateDialog";

/**
 * Templates and the locations their rows pick from, in one load with one failure message, and the company's labour
 * rules for the rows' suggested breaks (docs/PRODUCT-RULES.md §23; the Swiss ones if the settings cannot be read).
 */
async function loadTemplates(signal: AbortSignal) {
  const [templates, locations, settings] = await Promise.all([
    api.get("/week-templates", signal),
    api.get("/locations", signal),
    api.get("/settings", signal).catch(() => null),
  ]);
  return { templates, locations, labourRules: settings?.labour_rules ?? "CH" };
}

/** Week templates (docs/PRODUCT-RULES.md §16.8): cards; everyone views them, admins create, edit and delete. */
export function WeekTemplatesScreen() {
  const { user } = useAuth();
  const mayEdit = !!user && can(user.role, "master-data:write");
  const data = useResource(loadTemplates, "Fehler beim Laden der Templates");
  const [viewing, setViewing] = useState<WeekTemplateDto | null>(null);
  const [editing, setEditing] = useState<WeekTemplateDto | "new" | null>(null);
  const [deleting, setDeleting] = useState<WeekTemplateDto | null>(null);

  const addButton = mayEdit && <Button onClick={() => setEditing("new")}>+ Neue Vorlage</Button>;

  return (
    <>
      <PageHeader
        title="Wochenvorlagen"
        description="Typische Wochen, die du in der Wochenplanung mit einem Klick übernimmst."
        actions={addButton}
      />
      <WhenLoaded resource={data} failedTitle="Die Vorlagen konnten nicht geladen werden.">
        {(loaded) =>
          loaded.templates.length === 0 ? (
            <EmptyState
              title={mayEdit ? "Noch keine Wochenvorlagen — lege die erste Vorlage an" : "Noch keine Wochenvorlagen"}
              action={addButton}
            >
              {mayEdit
                ? "Eine Vorlage hält die Schichten einer typischen Woche fest; " +
                  "in der Wochenplanung übernimmst du sie als offene Schichten."
                : "Administratoren legen Vorlagen an; in der Wochenplanung lassen sie sich dann übernehmen."}
            </EmptyState>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3">
              {loaded.templates.map((template) => (
                <TemplateCard
                  key={template.id}
                  template={template}
                  onView={() => setViewing(template)}
                  onEdit={mayEdit ? () => setEditing(template) : undefined}
                  onDelete={mayEdit ? () => setDeleting(template) : undefined}
                />
              ))}
            </ul>
          )
        }
      </WhenLoaded>
      {viewing && <TemplateViewDialog template={viewing} onClose={() => setViewing(null)} />}
      {editing !== null && data.data && (
        <WeekTemplateDialog
          template={editing === "new" ? null : editing}
          locations={data.data.locations}
          labourRules={data.data.labourRules}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void data.reload();
          }}
        />
      )}
      <ConfirmDelete
        item={deleting}
        title="Vorlage löschen"
        message={(template) =>
          `Vorlage „${template.name}“ wirklich löschen? Bereits geplante Schichten bleiben erhalten.`
        }
        remove={(template) => api.delete(`/week-templates/${template.id}`)}
        success="Vorlage gelöscht!"
        onClose={() => setDeleting(null)}
        onDeleted={data.reload}
      />
    </>
  );
}
