package io.quarry.demo;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** Hand-written names, titles and sentence templates the demo generator draws from. */
final class DemoVocabulary {

    private DemoVocabulary() {}

    /** One project and everything the generator needs to fill it with plausible work. */
    static final class ProjectSpec {
        final String id;
        final String org;
        final String name;
        final String code;
        final String costCenter;
        final String status;
        final String health;
        final LocalDate start;
        final LocalDate target;
        /** The day work stopped (completed, cancelled, paused), or null while it goes on. */
        LocalDate stopped;

        /** Budget amount, or null; see budgetShape. */
        Long budgetAmount;

        String currency;
        /** How the budget object is written: "full", "missing", "no_currency" or "null_amount". */
        String budgetShape = "full";

        String description;
        int tasks;
        int documents;
        int risks;
        int decisions;
        List<String> teams;
        List<String> tags;
        List<String> components;
        List<String> nouns;
        List<String> templates;
        List<String> curated;
        List<String> goals;
        List<String> milestones;

        ProjectSpec(
                String id,
                String org,
                String name,
                String code,
                String costCenter,
                String status,
                String health,
                LocalDate start,
                LocalDate target) {
            this.id = id;
            this.org = org;
            this.name = name;
            this.code = code;
            this.costCenter = costCenter;
            this.status = status;
            this.health = health;
            this.start = start;
            this.target = target;
        }

        ProjectSpec counts(int taskCount, int documentCount, int riskCount, int decisionCount) {
            this.tasks = taskCount;
            this.documents = documentCount;
            this.risks = riskCount;
            this.decisions = decisionCount;
            return this;
        }

        ProjectSpec budget(Long amount, String currencyCode, String shape) {
            this.budgetAmount = amount;
            this.currency = currencyCode;
            this.budgetShape = shape;
            return this;
        }
    }

    /** A person the generator must create exactly as written (the hubs and the messy names). */
    record PersonSpec(String name, String email, String team, String role) {}

    static LocalDate day(int year, int month, int day) {
        return LocalDate.of(year, month, day);
    }

    static List<ProjectSpec> projects() {
        ProjectSpec crm = new ProjectSpec(
                        "proj-01",
                        "acme",
                        "CRM Migration to Salesforce",
                        "CRM",
                        "CC-4100",
                        "active",
                        "amber",
                        day(2025, 9, 1),
                        day(2026, 12, 15))
                .counts(360, 55, 28, 22)
                .budget(480_000L, "USD", "full");
        crm.description = "Replace the home-grown CRM (\"Atlas\") with Salesforce Sales Cloud, migrate eight years of"
                + " account, contact and opportunity history, and retire Atlas by the end of 2026.";
        crm.teams = List.of("CRM", "Web", "QA", "Product");
        crm.tags = List.of("crm", "salesforce", "migration", "data-quality");
        crm.components = List.of(
                "atlas_export", "sf_sync_worker", "lead_router", "account_dedupe", "crm_reports", "auth_service");
        crm.nouns = List.of(
                "Accounts", "Contacts", "Leads", "Opportunities", "Cases", "Quotes", "Activities", "Campaign members");
        crm.templates = List.of(
                "Migrate {x} from Atlas to Salesforce",
                "Map Atlas {x} fields to Salesforce",
                "Write validation report for migrated {x}",
                "Deduplicate {x} before cutover",
                "Fix sync error: {x} missing owner",
                "Backfill {x} created before 2019",
                "Configure sharing rules for {x}",
                "Build list view for {x}",
                "Reconcile {x} counts between Atlas and Salesforce",
                "Dry-run cutover #{n}",
                "Train sales reps on the {x} page layout");
        crm.curated = List.of(
                "Set up SSO via Okta for all internal apps",
                "Rename \"Leads\" tab to \"Prospects\"",
                "Merge duplicate accounts for O'Brien & O'Neil Ltd",
                "100% coverage for auth_service",
                "Escape % and _ in Atlas search (LIKE wildcards leak)",
                "Import contacts from München office (Müller & Söhne GmbH)",
                "Fix export path C:\\atlas\\exports\\nightly on the batch server",
                "  Review field mapping with finance   ",
                "Salesforce cutover weekend 🚀",
                "Investigate why opportunity amounts imported from Atlas are off by a factor of 100 for deals"
                        + " created in EUR before the 2021 currency table change, and write up the findings for"
                        + " finance so they can restate the affected quarters");
        crm.goals = List.of(
                "Retire Atlas by the end of 2026|Atlas switched off; 0 users logged in for 30 days",
                "Reach 98% field-level accuracy on migrated accounts|>= 98% of sampled fields match the source",
                "80% weekly active sales reps in Salesforce|>= 80% of reps active each week",
                "Cut lead response time to under 1 hour|median first response < 60 min",
                "Single customer view for Support and Sales|one account record per customer");
        crm.milestones = List.of(
                "Field mapping signed off",
                "Sandbox migration complete",
                "UAT with sales ops",
                "Pilot region go-live (DACH)",
                "Full cutover",
                "Atlas read-only",
                "Atlas decommissioned");

        ProjectSpec mobile = new ProjectSpec(
                        "proj-02",
                        "acme",
                        "Mobile App Launch (iOS & Android)",
                        "MOB",
                        "CC-4200",
                        "completed",
                        "green",
                        day(2025, 11, 3),
                        day(2026, 9, 30))
                .counts(320, 45, 18, 18)
                .budget(350_000L, "USD", "full");
        mobile.stopped = day(2026, 9, 22);
        mobile.description = "Build and launch the first native Acme app for iOS and Android: account overview,"
                + " order tracking and push notifications. Launched on both stores in September 2026.";
        mobile.teams = List.of("Mobile", "Design", "QA", "Product");
        mobile.tags = List.of("ios", "android", "mobile", "ux", "release");
        mobile.components =
                List.of("ios_app", "android_app", "push_service", "mobile_bff", "design_system", "crash_reporting");
        mobile.nouns = List.of(
                "onboarding flow",
                "order tracking screen",
                "push notifications",
                "login screen",
                "settings screen",
                "dark mode",
                "offline cache",
                "deep links");
        mobile.templates = List.of(
                "Implement {x} on iOS",
                "Implement {x} on Android",
                "Design review: {x}",
                "Fix crash in {x} on Android 12",
                "Accessibility pass for {x}",
                "Add analytics events to {x}",
                "Polish animations in {x}",
                "QA regression run for build {n}",
                "Localize {x}");
        mobile.curated = List.of(
                "🚀 Submit 1.0 build to App Store review",
                "Fix crash when the user name contains an emoji 😀",
                "Support right-to-left layout (العربية, עברית)",
                "Localize onboarding screens: 日本語",
                "Handle \"Don't Allow\" on the push permission prompt");
        mobile.goals = List.of(
                "Launch on both stores by the end of Q3 2026|live on App Store and Google Play",
                "4.5+ average store rating in the first 90 days|rating >= 4.5",
                "Crash-free sessions above 99.5%|crash-free sessions > 99.5%",
                "30% of active customers on mobile within six months|30% of monthly active customers");
        mobile.milestones = List.of(
                "Design system v1",
                "Internal alpha",
                "Closed beta (TestFlight & Play)",
                "Store submission",
                "Public launch",
                "Post-launch stabilization");

        ProjectSpec dwh = new ProjectSpec(
                        "proj-03",
                        "acme",
                        "Data Warehouse Modernization",
                        "DWH",
                        "CC-4300",
                        "active",
                        "red",
                        day(2025, 7, 14),
                        day(2026, 12, 31))
                .counts(290, 50, 26, 24)
                .budget(620_000L, "USD", "full");
        dwh.description = "Move reporting from the on-prem Postgres replica to Snowflake with dbt models, retire"
                + " 140 hand-written SQL reports and give analysts a governed semantic layer.";
        dwh.teams = List.of("Data", "Platform");
        dwh.tags = List.of("data", "dbt", "snowflake", "etl", "analytics");
        dwh.components = List.of(
                "dbt_models", "airflow_dags", "snowflake_loader", "looker_explores", "cdc_pipeline", "data_catalog");
        dwh.nouns = List.of(
                "fact_orders",
                "dim_customer",
                "fact_invoices",
                "dim_product",
                "fact_web_sessions",
                "dim_date",
                "fact_support_tickets",
                "stg_payments");
        dwh.templates = List.of(
                "Build dbt model {x}",
                "Backfill {x} for 2024",
                "Add tests for {x}",
                "Document columns of {x}",
                "Fix late-arriving rows in {x}",
                "Port legacy report to {x}",
                "Tune clustering key on {x}",
                "Reconcile {x} against source",
                "Deprecate the old view for {x}");
        dwh.curated = List.of(
                "Rename dim_customer.is_deleted to is_active (semantics flip!)",
                "Fix timezone bug: orders after 23:00 UTC land on the wrong day",
                "Drop tables matching tmp_% and bak_%",
                "Evaluate Snowflake vs. BigQuery cost (½ year forecast)",
                "Backfill fact_orders 2019–2023");
        dwh.goals = List.of(
                "Retire the on-prem reporting replica|replica powered off",
                "All tier-1 dashboards on dbt models|42 of 42 tier-1 dashboards",
                "Data freshness under 30 minutes for orders|p95 freshness < 30 min",
                "Cut warehouse cost per query by 25%|cost per query -25%",
                "Every tier-1 table documented in the catalog|100% tier-1 tables documented");
        dwh.milestones = List.of(
                "Snowflake account provisioned",
                "CDC pipeline in production",
                "Core marts (orders, customers)",
                "Finance reports migrated",
                "Legacy replica switched off");

        ProjectSpec soc2 = new ProjectSpec(
                        "proj-04",
                        "acme",
                        "SOC 2 Type II Compliance",
                        "SOC2",
                        "CC-4400",
                        "active",
                        "green",
                        day(2026, 1, 12),
                        day(2027, 3, 31))
                .counts(220, 60, 30, 12)
                .budget(210_000L, "USD", "full");
        soc2.description = "Prepare for and pass the SOC 2 Type II audit: define controls, collect evidence"
                + " continuously during the observation window, and close the gaps found in the readiness"
                + " assessment.";
        soc2.teams = List.of("Security", "Platform", "Leadership");
        soc2.tags = List.of("security", "compliance", "soc2", "audit", "policy");
        soc2.components = List.of(
                "access_reviews",
                "evidence_collector",
                "vendor_register",
                "laptop_fleet",
                "logging_pipeline",
                "auth_service");
        soc2.nouns = List.of(
                "CC6.1 logical access",
                "CC6.2 user provisioning",
                "CC7.2 monitoring",
                "CC8.1 change management",
                "CC9.2 vendor management",
                "A1.2 backups",
                "CC3.2 risk assessment",
                "CC1.4 security training");
        soc2.templates = List.of(
                "Collect evidence for {x}",
                "Write policy for {x}",
                "Close readiness gap: {x}",
                "Automate evidence for {x}",
                "Quarterly review: {x}",
                "Map {x} to existing tooling",
                "Interview the control owner for {x}");
        soc2.curated = List.of(
                "Enforce MFA for 100% of employees",
                "Remove ex-employees' access (quarterly access review)",
                "Rotate AWS keys older than 90 days",
                "Add \"security@\" alias to vendor contracts",
                "Pen test remediation: SQL injection in search_api");
        soc2.goals = List.of(
                "Pass SOC 2 Type II audit with zero exceptions|0 exceptions in the auditor's report",
                "Continuous evidence collection for all controls|evidence fresh for 100% of controls",
                "Security training completion at 100%|100% completion",
                "Vendor risk reviews for all critical vendors|all 17 critical vendors reviewed");
        soc2.milestones = List.of(
                "Readiness assessment",
                "Policies approved",
                "Observation window starts",
                "Pen test complete",
                "Auditor fieldwork",
                "Report issued");

        ProjectSpec portal = new ProjectSpec(
                        "proj-05",
                        "acme",
                        "Customer Portal Redesign",
                        "PORTAL",
                        "CC-4500",
                        "active",
                        "amber",
                        day(2026, 4, 6),
                        day(2027, 2, 26))
                .counts(200, 35, 14, 16)
                .budget(null, null, "missing");
        portal.description = "Redesign the self-service customer portal: new navigation, invoices and usage pages,"
                + " WCAG 2.2 AA accessibility, and a React rewrite of the legacy jQuery pages.";
        portal.teams = List.of("Web", "Design", "Product");
        portal.tags = List.of("frontend", "ux", "accessibility", "react", "portal");
        portal.components =
                List.of("portal_web", "design_system", "usage_api", "invoice_api", "auth_service", "search_api");
        portal.nouns = List.of(
                "invoices page",
                "usage dashboard",
                "navigation",
                "account settings",
                "team management",
                "support widget",
                "billing address form",
                "search");
        portal.templates = List.of(
                "Redesign the {x}",
                "Port the {x} from jQuery to React",
                "WCAG audit of the {x}",
                "Usability test: {x}",
                "Add an empty state to the {x}",
                "Fix layout shift on the {x}",
                "Write Storybook stories for the {x}",
                "Copy review for the {x}");
        portal.curated = List.of(
                "Search for \"50% off\" returns every product (escape %)",
                "Show names like O'Connor correctly in the team list",
                "Support company names with ampersands & quotes (\"ACME\" Inc.)");
        portal.goals = List.of(
                "WCAG 2.2 AA on all portal pages|0 AA violations in the audit",
                "Self-service for 70% of billing questions|70% of billing questions without a ticket",
                "Portal NPS above 40|NPS >= 40");
        portal.milestones = List.of(
                "Research synthesis", "New navigation approved", "Beta to 5% of customers", "General availability");

        ProjectSpec billing = new ProjectSpec(
                        "proj-06",
                        "acme",
                        "Billing Platform Rewrite",
                        "BILL",
                        "CC-4600",
                        "on_hold",
                        "red",
                        day(2025, 10, 1),
                        day(2026, 8, 31))
                .counts(260, 40, 24, 20)
                .budget(900_000L, null, "no_currency");
        billing.stopped = day(2026, 7, 15);
        billing.description = "Replace the monolith's billing module with a standalone service for subscriptions,"
                + " invoicing and dunning. Paused in July 2026 after the budget review; a restart is under"
                + " discussion.";
        billing.teams = List.of("Billing", "Platform", "QA");
        billing.tags = List.of("billing", "payments", "backend", "invoicing");
        billing.components = List.of(
                "billing_service", "invoice_renderer", "dunning_worker", "tax_engine", "payments_gateway", "ledger");
        billing.nouns = List.of(
                "proration",
                "credit notes",
                "dunning emails",
                "usage-based pricing",
                "tax calculation",
                "invoice PDFs",
                "refunds",
                "plan changes");
        billing.templates = List.of(
                "Implement {x} in billing_service",
                "Migrate {x} from the monolith",
                "Contract tests for {x}",
                "Edge cases for {x} at month end",
                "Shadow-run {x} against legacy billing",
                "Reconcile {x} with the ledger");
        billing.curated = List.of(
                "Round half-even, not half-up, for € amounts",
                "Invoice numbers must not contain \"/\" (legacy INV/2025/001)",
                "Handle 29 February renewals",
                "Fix 0.1 + 0.2 rounding drift in the ledger");
        billing.goals = List.of(
                "Bill 100% of customers from the new service|100% of invoices from billing_service",
                "Invoice error rate below 0.1%|error rate < 0.1%",
                "Month-end close in under 2 days|close <= 2 business days");
        billing.milestones =
                List.of("Ledger design approved", "Shadow billing", "First customers migrated", "Monolith billing off");

        ProjectSpec k8s = new ProjectSpec(
                        "proj-07",
                        "acme",
                        "Kubernetes Platform Migration",
                        "K8S",
                        "CC-4700",
                        "active",
                        "green",
                        day(2026, 2, 2),
                        day(2026, 11, 30))
                .counts(200, 35, 16, 18)
                .budget(300_000L, "EUR", "full");
        k8s.description = "Move all stateless services from hand-managed VMs to the managed Kubernetes platform"
                + " with GitOps deploys, autoscaling and a standard observability stack.";
        k8s.teams = List.of("Platform", "Security");
        k8s.tags = List.of("infra", "kubernetes", "devops", "observability");
        k8s.components =
                List.of("argo_cd", "ingress", "helm_charts", "prometheus", "vault", "ci_runners", "service_mesh");
        k8s.nouns = List.of(
                "search_api",
                "billing_service",
                "portal_web",
                "sf_sync_worker",
                "usage_api",
                "notification_service",
                "auth_service",
                "reporting_api");
        k8s.templates = List.of(
                "Containerize {x}",
                "Write a Helm chart for {x}",
                "Move {x} to Kubernetes",
                "Set resource limits for {x}",
                "Add autoscaling for {x}",
                "Migrate secrets of {x} to Vault",
                "Dashboards and alerts for {x}",
                "Decommission VMs of {x}");
        k8s.curated = List.of(
                "Raise ingress timeout for long-running exports",
                "Fix DNS flakiness (ndots:5) in the cluster",
                "Upgrade the cluster to 1.31");
        k8s.goals = List.of(
                "All stateless services on Kubernetes|34 of 34 services migrated",
                "Deploy lead time under 1 hour|p50 lead time < 1 h",
                "Cut compute spend by 20%|monthly compute bill -20%");
        k8s.milestones = List.of(
                "Cluster baseline", "First service in production", "50% of services migrated", "VM fleet retired");

        ProjectSpec i18n = new ProjectSpec(
                        "proj-08",
                        "acme",
                        "Internationalization Rollout",
                        "I18N",
                        "CC-4800",
                        "planning",
                        "green",
                        day(2026, 6, 1),
                        day(2027, 6, 30))
                .counts(100, 20, 8, 8)
                .budget(95_000L, "EUR", "full");
        i18n.description = "Make the portal and the mobile app available in German, French, Japanese and Spanish:"
                + " externalize strings, handle plurals and date formats, and set up the translation workflow.";
        i18n.teams = List.of("Localization", "Web", "Mobile");
        i18n.tags = List.of("i18n", "l10n", "translation", "frontend");
        i18n.components = List.of(
                "string_catalog", "translation_pipeline", "portal_web", "ios_app", "android_app", "pdf_invoices");
        i18n.nouns = List.of(
                "German (de-DE)",
                "French (fr-FR)",
                "French (fr-CA)",
                "Japanese (ja-JP)",
                "Spanish (es-ES)",
                "Spanish (es-MX)",
                "Simplified Chinese (zh-CN)");
        i18n.templates = List.of(
                "Externalize strings in {c}",
                "Translate {c} into {x}",
                "Review {x} translations",
                "Fix truncated labels in {x}",
                "Date and number formats for {x}",
                "Pseudo-localization test of {c}");
        i18n.curated = List.of(
                "Übersetzung der Rechnungsvorlage prüfen",
                "請求書テンプレートの翻訳を確認する",
                "Fix ß → SS uppercasing in German invoices",
                "Handle Turkish dotless ı in search",
                "Traduire le parcours de paiement (fr-CA) — révision",
                "Review 简体中文 strings for the settings page",
                "Pluralization: \"1 items\" in Polish and Russian");
        i18n.goals = List.of(
                "Portal available in 4 languages|de, fr, ja, es live",
                "Translation turnaround under 3 days|p90 turnaround < 3 days");
        i18n.milestones = List.of("String extraction tooling", "German launch", "Japanese launch", "Remaining locales");

        ProjectSpec erp = new ProjectSpec(
                        "proj-09",
                        "globex",
                        "ERP Consolidation",
                        "ERP",
                        "CC-7100",
                        "active",
                        "amber",
                        day(2025, 8, 18),
                        day(2027, 1, 29))
                .counts(180, 30, 18, 14)
                .budget(1_400_000L, "EUR", "full");
        erp.description = "Consolidate three regional ERP instances into one SAP S/4HANA tenant: harmonize the"
                + " chart of accounts, migrate open orders and train finance teams in every region.";
        erp.teams = List.of("Finance Systems", "Integration", "Operations");
        erp.tags = List.of("erp", "sap", "finance", "migration");
        erp.components = List.of("sap_s4", "idoc_gateway", "master_data_hub", "finance_reports", "edi_adapter");
        erp.nouns = List.of(
                "chart of accounts",
                "vendor master",
                "customer master",
                "open purchase orders",
                "cost centers",
                "material master",
                "intercompany invoices");
        erp.templates = List.of(
                "Harmonize the {x} across regions",
                "Migrate the {x} for EMEA",
                "Migrate the {x} for APAC",
                "Migrate the {x} for the Americas",
                "Data cleansing: {x}",
                "Test the {x} interface in {c}",
                "Finance sign-off on the {x}");
        erp.curated = List.of(
                "Convert legacy codes like 4711_OLD and 10%-RABATT", "Import vendor 'Société Générale d'Équipement'");
        erp.goals = List.of(
                "One ERP for all regions by Q1 2027|3 regions on S/4HANA",
                "Month-end close in 5 days|close <= 5 business days");
        erp.milestones =
                List.of("Blueprint signed", "EMEA go-live", "APAC go-live", "Americas go-live", "Legacy ERPs archived");

        ProjectSpec robots = new ProjectSpec(
                        "proj-10",
                        "globex",
                        "Warehouse Robotics Pilot",
                        "ROBO",
                        "CC-7200",
                        "cancelled",
                        "red",
                        day(2026, 3, 2),
                        day(2026, 10, 30))
                .counts(100, 18, 12, 8)
                .budget(250_000L, "GBP", "full");
        robots.stopped = day(2026, 8, 14);
        robots.description = "Pilot autonomous picking robots in the Leeds warehouse. Cancelled in August 2026"
                + " after the vendor missed the second safety certification; open tasks were left as they were.";
        robots.teams = List.of("Operations", "Integration");
        robots.tags = List.of("robotics", "warehouse", "pilot", "safety");
        robots.components = List.of("wms_bridge", "robot_fleet_api", "safety_plc", "pick_optimizer");
        robots.nouns = List.of(
                "aisle 12",
                "cold storage",
                "the returns area",
                "packing station 3",
                "the charging dock",
                "the mezzanine");
        robots.templates = List.of(
                "Map {x} for robot navigation",
                "Safety walk-through of {x}",
                "Measure the pick rate in {x}",
                "Connect {c} to the robots in {x}",
                "Incident review: robot stopped in {x}");
        robots.curated = List.of("Vendor SLA: 99.9% uptime or a 10% credit");
        robots.goals = List.of(
                "Pick rate +30% in the pilot zone|picks per hour +30%", "Zero safety incidents|0 reportable incidents");
        robots.milestones = List.of("Site survey", "Robots delivered", "Safety certification", "Pilot review");

        ProjectSpec gdpr = new ProjectSpec(
                        "proj-11",
                        "globex",
                        "GDPR Data Retention Program",
                        "GDPR",
                        "CC-7300",
                        "active",
                        "green",
                        day(2026, 5, 4),
                        day(2027, 4, 30))
                .counts(90, 22, 10, 8)
                .budget(null, "EUR", "null_amount");
        gdpr.description = "Define retention periods for personal data, automate deletion in every system of"
                + " record, and answer data subject requests within 30 days.";
        gdpr.teams = List.of("Legal & Privacy", "Integration", "Finance Systems");
        gdpr.tags = List.of("gdpr", "privacy", "retention", "legal");
        gdpr.components = List.of("dsr_portal", "deletion_jobs", "data_inventory", "consent_service");
        gdpr.nouns = List.of(
                "HR records", "support tickets", "marketing contacts", "CCTV footage", "applicant data", "invoices");
        gdpr.templates = List.of(
                "Define the retention period for {x}",
                "Automate deletion of {x}",
                "Inventory systems holding {x}",
                "Legal review: {x}",
                "Test the DSR export for {x}");
        gdpr.curated = List.of(
                "Art. 17 requests: handle names like Zoë D'Angelo-Ruiz",
                "Retention for \"Bewerberdaten\" (applicant data) in Germany");
        gdpr.goals = List.of(
                "All systems in the data inventory|100% of systems of record listed",
                "Every DSR answered within 30 days|100% of DSRs within 30 days");
        gdpr.milestones = List.of("Data inventory complete", "Retention schedule approved", "Deletion jobs live");

        return List.of(crm, mobile, dwh, soc2, portal, billing, k8s, i18n, erp, robots, gdpr);
    }

    /** Templates every engineering project has, filled with one of the project's components. */
    static final List<String> GENERIC_TASKS = List.of(
            "Write unit tests for {c}",
            "Fix flaky integration test in {c}",
            "Add alerting on {c} error rate",
            "Update the {c} runbook",
            "Upgrade dependencies of {c}",
            "Refactor configuration loading in {c}",
            "Investigate p95 latency spike in {c}",
            "Remove dead code from {c}",
            "Document the {c} API",
            "Code review follow-ups for {c}",
            "Add structured logging to {c}",
            "Load test {c}",
            "Bug: {c} returns 500 on empty input",
            "Spike: evaluate options for {c}");

    static final List<String> TITLE_SUFFIXES =
            List.of(" (part 2)", " – follow-up", " [backport]", " (again)", " v2", " for the pilot");

    static final List<String> GENERAL_TAGS = List.of(
            "backend",
            "frontend",
            "api",
            "bug",
            "tech-debt",
            "performance",
            "docs",
            "security",
            "urgent",
            "customer-facing",
            "blocked-by-vendor",
            "q3",
            "q4");

    /** Spelling and case variants of tags a real tracker accumulates. */
    static final List<String> TAG_VARIANTS = List.of("Backend", "tech debt", "techdebt", "Bug", "URGENT", "perf");

    static final List<String> TASK_CONTEXT = List.of(
            "Follow-up from the {c} design review.",
            "Reported by the support team last sprint.",
            "Needed before the next milestone of {project}.",
            "Customer-facing; coordinate with {team} before release.",
            "Part of the {project} plan agreed in the kickoff.",
            "Came out of the last incident review.",
            "Requested by sales ops.",
            "Split from a larger ticket that was too big to estimate.");

    static final List<String> TASK_DETAIL = List.of(
            "Acceptance criteria: {c} passes the regression suite and the dashboard shows no new errors.",
            "See the linked spec for details.",
            "Pair with someone from {team} if blocked.",
            "The estimate assumes the staging environment is available.",
            "Keep the change behind a feature flag until QA signs off.",
            "Check the numbers with finance before closing.",
            "Write down anything surprising in the project notes.");

    static final List<String> LEGACY_DUE_TEXT =
            List.of("next week", "2026/05/01", "EOD Friday", "31/12/2026", "Q3", "ASAP");

    static final List<String> PERSON_FIRST = List.of(
            "Ana",
            "Ben",
            "Chloe",
            "Daniel",
            "Elif",
            "Farah",
            "Gabriel",
            "Hannah",
            "Ivan",
            "Jasmine",
            "Kenji",
            "Laura",
            "Marcus",
            "Nadia",
            "Omar",
            "Paula",
            "Rosa",
            "Samuel",
            "Tara",
            "Uma",
            "Victor",
            "Wei",
            "Yara",
            "Aisha",
            "Bruno",
            "Camila",
            "Dmitri",
            "Emma",
            "Felix",
            "Grace",
            "Hugo",
            "Isla",
            "Jonas",
            "Kofi",
            "Lena",
            "Mateo",
            "Nina",
            "Oliver",
            "Rafael",
            "Sofia",
            "Tomás",
            "Valentina",
            "Yusuf");

    static final List<String> PERSON_LAST = List.of(
            "Lima",
            "Okafor",
            "Schmidt",
            "Rossi",
            "Haddad",
            "Johansson",
            "Patel",
            "Nakamura",
            "Kowalski",
            "Fernández",
            "Dubois",
            "Mensah",
            "Garcia",
            "Chen",
            "Müller",
            "Silva",
            "Walker",
            "Novak",
            "Brennan",
            "Costa",
            "Andersen",
            "Sato",
            "Reyes",
            "Adeyemi",
            "Larsen",
            "Moreau",
            "Khan",
            "Park",
            "Hughes",
            "Popov");

    /** People created exactly as written: the hubs, the managers and the messy names. */
    static final List<PersonSpec> ACME_PEOPLE = List.of(
            new PersonSpec("Margaret O'Brien", "margaret.obrien@acme.example", "Leadership", "executive"),
            new PersonSpec("Priya Natarajan", "priya.natarajan@acme.example", "Platform", "engineer"),
            new PersonSpec("Seán D'Arcy", "sean.darcy@acme.example", "Platform", "engineering_manager"),
            new PersonSpec("Ana Lima", "ana.lima@acme.example", "Product", "product_manager"),
            new PersonSpec("José Álvarez-Núñez", "jose.alvarez@acme.example", "Data", "data_analyst"),
            new PersonSpec("Zoë Ångström", "zoe.angstrom@acme.example", "Design", "designer"),
            new PersonSpec("Łukasz Wiśniewski", "lukasz.wisniewski@acme.example", "Platform", "sre"),
            new PersonSpec("李娜", "li.na@acme.example", "Mobile", "engineer"),
            new PersonSpec("田中 陽子", "yoko.tanaka@acme.example", "Localization", "product_manager"),
            new PersonSpec("Nguyễn Thị Mai", "mai.nguyen@acme.example", "QA", "qa_engineer"),
            new PersonSpec("Alex Kim", "alex.kim@acme.example", "Mobile", "engineer"),
            new PersonSpec("Alex Kim", "alex.kim2@acme.example", "Data", "data_analyst"),
            new PersonSpec("Sam Lee ", "sam+crm@acme.example", "CRM", "engineer"),
            new PersonSpec("dana whitfield", "Dana.Whitfield@ACME.example", "Web", "engineer"),
            new PersonSpec("Tom O'Neil-Smith", "tom.oneil-smith@contractors.example", "Billing", "contractor"),
            new PersonSpec("Kai", null, "Security", "security_engineer"),
            new PersonSpec("Fatima Al-Sayed", "fatima.alsayed@acme.example", "Security", "engineering_manager"),
            new PersonSpec("Rahul Mehta", "rahul.mehta@acme.example", "CRM", "engineering_manager"),
            new PersonSpec("Grace Liu", "grace.liu@acme.example", "Data", "engineering_manager"),
            new PersonSpec("Olu Bankole", "olu.bankole@acme.example", "Mobile", "engineering_manager"),
            new PersonSpec("Hiroshi Yamamoto", "hiroshi.yamamoto@acme.example", "Web", "engineering_manager"),
            new PersonSpec("Noor Rahimi", "noor.rahimi@acme.example", "Design", "designer"));

    static final List<String> ACME_TEAMS = List.of(
            "Platform",
            "CRM",
            "Mobile",
            "Data",
            "Security",
            "Web",
            "Billing",
            "Localization",
            "Product",
            "Design",
            "QA");

    static final List<PersonSpec> GLOBEX_PEOPLE = List.of(
            new PersonSpec("Friedrich Bauer", "f.bauer@globex.example", "Leadership", "executive"),
            new PersonSpec(
                    "Charlotte Hughes", "charlotte.hughes@globex.example", "Finance Systems", "engineering_manager"),
            new PersonSpec("Søren Madsen", "soren.madsen@globex.example", "Integration", "engineer"),
            new PersonSpec("Amélie Laurent", "amelie.laurent@globex.example", "Legal & Privacy", "product_manager"),
            new PersonSpec(
                    "Hamish McAllister", "hamish.mcallister@globex.example", "Operations", "engineering_manager"),
            new PersonSpec("Tom O'Neil-Smith", "tom.oneil-smith@contractors.example", "Integration", "contractor"));

    static final List<String> GLOBEX_TEAMS = List.of("Finance Systems", "Integration", "Operations", "Legal & Privacy");

    static final List<String> GLOBEX_FIRST = List.of(
            "Giulia",
            "Pieter",
            "Ingrid",
            "Ahmed",
            "Chiara",
            "Lars",
            "Mathilde",
            "Niamh",
            "Rory",
            "Elena",
            "Jan",
            "Agnieszka");

    static final List<String> GLOBEX_LAST = List.of(
            "Bianchi",
            "de Vries",
            "Solberg",
            "Farouk",
            "Romano",
            "Eriksen",
            "Fournier",
            "Byrne",
            "Walsh",
            "Popescu",
            "Janssen",
            "Zielińska");

    static final List<List<String>> ACME_CITIES = List.of(
            List.of("Austin", "US"),
            List.of("New York", "US"),
            List.of("Toronto", "CA"),
            List.of("Berlin", "DE"),
            List.of("Lisbon", "PT"),
            List.of("Bengaluru", "IN"),
            List.of("São Paulo", "BR"),
            List.of("Kraków", "PL"),
            List.of("Tokyo", "JP"),
            List.of("London", "GB"),
            List.of("Dublin", "IE"),
            List.of("Lagos", "NG"));

    static final List<List<String>> GLOBEX_CITIES = List.of(
            List.of("Leeds", "GB"),
            List.of("Hamburg", "DE"),
            List.of("Milan", "IT"),
            List.of("Rotterdam", "NL"),
            List.of("Lyon", "FR"),
            List.of("Oslo", "NO"));

    /** Skills people on a team mostly have; one in five is drawn from all skills instead. */
    static final Map<String, List<String>> TEAM_SKILLS = Map.ofEntries(
            Map.entry("Platform", List.of("kubernetes", "terraform", "aws", "go", "java", "python")),
            Map.entry("CRM", List.of("salesforce", "apex", "java", "sql", "testing")),
            Map.entry("Mobile", List.of("swift", "kotlin", "testing", "figma")),
            Map.entry("Data", List.of("sql", "dbt", "snowflake", "python", "airflow", "spark")),
            Map.entry("Security", List.of("security", "iso27001", "aws", "python", "terraform")),
            Map.entry("Web", List.of("typescript", "react", "accessibility", "playwright", "testing")),
            Map.entry("Billing", List.of("java", "kotlin", "sql", "testing")),
            Map.entry("Localization", List.of("typescript", "accessibility", "python")),
            Map.entry("Product", List.of("sql", "figma")),
            Map.entry("Design", List.of("figma", "accessibility", "react")),
            Map.entry("QA", List.of("testing", "playwright", "python", "java")),
            Map.entry("Leadership", List.of("java", "sql")),
            Map.entry("Finance Systems", List.of("sap", "abap", "sql")),
            Map.entry("Integration", List.of("java", "python", "sap", "go")),
            Map.entry("Operations", List.of("python", "sql")),
            Map.entry("Legal & Privacy", List.of("iso27001", "security", "sql")));

    static final List<String> SKILLS = List.of(
            "java",
            "kotlin",
            "swift",
            "typescript",
            "react",
            "python",
            "sql",
            "dbt",
            "snowflake",
            "kubernetes",
            "terraform",
            "aws",
            "salesforce",
            "apex",
            "figma",
            "accessibility",
            "security",
            "iso27001",
            "sap",
            "abap",
            "go",
            "testing",
            "playwright",
            "spark",
            "airflow");

    // Risks: title template, category, mitigation template.
    static final List<List<String>> RISKS = List.of(
            List.of(
                    "Key person dependency on the {team} team",
                    "staffing",
                    "Pair a second engineer on {c} and write the runbook down."),
            List.of(
                    "Vendor delay on {c}",
                    "vendor",
                    "Weekly check-in with the vendor; escalation path agreed with procurement."),
            List.of("Scope creep in {x}", "schedule", "Freeze scope for {x}; new requests go to phase 2."),
            List.of(
                    "Data loss during the migration of {x}",
                    "technical",
                    "Rehearse the migration twice in staging with production-sized data."),
            List.of(
                    "Performance regression in {c} under peak load",
                    "technical",
                    "Load test {c} at twice the expected peak before launch."),
            List.of(
                    "Budget overrun on {x}",
                    "budget",
                    "Monthly burn review with finance; cut scope before adding people."),
            List.of(
                    "Vulnerable dependencies in {c}",
                    "security",
                    "Enable automated dependency scanning and patch within 14 days."),
            List.of(
                    "Staging environment unavailable for {c}",
                    "technical",
                    "Book the shared environment a sprint ahead; add an ephemeral environment per branch."),
            List.of("Unclear ownership of {x}", "staffing", "Name a single owner in the weekly sync."),
            List.of(
                    "Regulatory change affecting {x}",
                    "compliance",
                    "Legal reviews the draft regulation monthly and flags changes."),
            List.of(
                    "Integration with {c} harder than estimated",
                    "technical",
                    "Timebox a spike and re-plan with the result."),
            List.of(
                    "Holiday code freeze compresses the schedule",
                    "schedule",
                    "Move the risky releases before the freeze."),
            List.of(
                    "Audit evidence for {x} incomplete",
                    "compliance",
                    "Automate evidence collection and review it every two weeks."),
            List.of(
                    "Contractor hours for {x} exceed the purchase order",
                    "budget",
                    "Track hours weekly against the PO; request a change order early."));

    // Decisions: title template, alternative 1, alternative 2.
    static final List<List<String>> DECISIONS = List.of(
            List.of("Roll out {x} behind feature flags", "Big-bang release", "One branch per customer"),
            List.of("Keep {c} on PostgreSQL 16", "Move to MySQL 8", "Aurora Serverless"),
            List.of("Defer {x} to phase 2", "Ship a reduced version now", "Delay the launch"),
            List.of("Freeze the API of {c} until cutover", "Version the API", "Allow additive changes only"),
            List.of("Buy, don't build: a vendor for {x}", "Build in-house", "Open-source tool, self-hosted"),
            List.of("Run {c} in two regions", "Single region with backups", "Active-passive with manual failover"),
            List.of("Nightly batch instead of real-time sync for {x}", "Change data capture", "Webhooks"),
            List.of("Weekly release train for {c}", "Continuous deployment", "Monthly releases"),
            List.of("Retire {c} right after cutover", "Keep it read-only for a year", "Keep it for audits only"),
            List.of("Bring in a contractor for {x}", "Hire a permanent engineer", "Reprioritize internally"),
            List.of("Standardize on OpenTelemetry for {c}", "Vendor agent", "Logs only"),
            List.of("Use UTC everywhere in {c}", "Store local time with offset", "Store local time only"));

    static final List<String> DECISION_REASONS = List.of(
            "it would have taken a quarter longer",
            "nobody on the team has run it in production",
            "the licence cost doubles at our volume",
            "it makes rollback impossible",
            "it puts the audit trail at risk",
            "support cannot troubleshoot it");

    static final List<String> DECISION_BENEFITS = List.of(
            "keeps the rollout reversible",
            "fits the current team's skills",
            "is the cheapest option over three years",
            "lets us ship the first slice this quarter",
            "removes a single point of failure");

    static final List<String> DOC_KINDS =
            List.of("meeting-notes", "spec", "rfc", "runbook", "postmortem", "onboarding");

    static final int[] DOC_KIND_WEIGHTS = {35, 20, 15, 12, 8, 10};

    static final List<String> SYMPTOMS = List.of(
            "returned HTTP 503s",
            "stopped processing its queue",
            "ran out of database connections",
            "served stale data",
            "timed out on every request");

    static final List<String> CAUSES = List.of(
            "an expired TLS certificate",
            "a configuration change that skipped review",
            "a missing index after a migration",
            "a retry storm from a downstream client",
            "a full disk on the primary node");

    static final List<String> PLAN_TITLES = List.of(
            "{code} delivery plan",
            "Rollout plan for {c}",
            "Test plan: {x}",
            "{team} staffing plan",
            "Cutover plan for {x}",
            "Communication plan for {project}");

    static final List<String> REQUIREMENT_TITLES = List.of(
            "{x} must be exportable as CSV",
            "Only the owning team may edit {x}",
            "Every change to {x} is written to the audit log",
            "p95 latency of {c} stays under 300 ms",
            "Users sign in to {c} with SSO",
            "{x} are retained for 7 years, then deleted",
            "{c} keeps working when the upstream system is down for 1 hour");

    static final List<String> REQUIREMENT_SOURCES = List.of(
            "customer request",
            "SOC 2 control CC6.1",
            "GDPR Art. 17",
            "support tickets",
            "steering committee",
            "security review");

    static final List<String> OUTPUT_KINDS =
            List.of("report", "dashboard", "release", "dataset", "presentation", "api");

    /** One title per {@link #OUTPUT_KINDS} entry, in the same order. */
    static final List<String> OUTPUT_TITLES = List.of(
            "{code} status report for the steering committee",
            "{x} reconciliation dashboard",
            "{c} release {n}.0",
            "{x} export for finance",
            "{project}: quarterly review deck",
            "{c} public API v{n}");

    static final List<String> SIGNAL_SOURCES =
            List.of("monitoring", "support", "survey", "sales", "incident", "analytics");

    /** One title per {@link #SIGNAL_SOURCES} entry, in the same order. */
    static final List<String> SIGNAL_TITLES = List.of(
            "Error rate of {c} above 2% for three days",
            "Support tickets about {x} up 40% week over week",
            "Survey: users find the {x} screen confusing",
            "Prospects keep asking for {x} in {c}",
            "Incident: {c} unavailable for 45 minutes",
            "Weekly active users of {x} flat since launch");

    static final List<String> SIGNAL_METRICS =
            List.of("error_rate_pct", "tickets_per_week", "nps", "p95_latency_ms", "weekly_active_users_k");

    static final List<String> INSIGHT_TITLES = List.of(
            "Most {x} complaints trace back to {c}",
            "Teams that finish onboarding use {x} three times as often",
            "{c} latency, not missing features, drives churn",
            "Manual fixes to {x} cost {team} a day a week",
            "Demand for {x} comes from a handful of large accounts");
}
