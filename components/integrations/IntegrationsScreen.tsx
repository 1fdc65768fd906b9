"use client";
import { PageHeader } from "@/components/ui/PageHeader";
import { PermissionGate } from "@/components/ui/PermissionGate";
import { AccessTokensSection } from "./AccessTokensSection";
import { WebhooksSection } from "./WebhooksSection";

/**
 * "Integrationen" (docs/PRODUCT-RULES.md §36.3, admins only): what other systems (payroll, tills) may do through the
 * API: the access tokens (§36), then the webhooks (§37.6).
 */
export function IntegrationsScreen() {
  return (
    <PermissionGate
      permission="users:manage"
      title="Integrationen"
      notice="Nur Administratoren haben Zugriff auf diese Seite"
    >
      {() => (
        <>
          <PageHeader
            title="Integrationen"
            description="Was Lohn- und Kassensysteme über die Schnittstelle dürfen und erfahren."
          />
          <div className="space-y-12">
            <AccessTokensSection />
            <WebhooksSection />
          </div>
        </>
      )}
    </PermissionGate>
  );
}
