import { Container } from "../components/ui/Container";
import { IconArrowLeft } from "../components/ui/Icons";
import { useOwnerOnly } from "../features/accounts/hooks/useOwnerOnly";
import { ImportHelp } from "../features/import/components/ImportHelp";
import { ImportWizard } from "../features/import/components/ImportWizard";
import { PhotoZipPanel } from "../features/import/components/PhotoZipPanel";
import { SyncPanel } from "../features/import/components/SyncPanel";
import { it } from "../i18n/it";

const t = it.upload;

/** /upload: product import for a logged-in owner with a shop (docs/product/routes.md). */
export function UploadPage() {
  const { status } = useOwnerOnly();

  if (status !== "owner") {
    return (
      <Container className="py-16">
        <p role="status" className="text-center text-sm text-stone-600">
          {t.checkingSession}
        </p>
      </Container>
    );
  }

  return (
    <Container className="py-8 sm:py-12">
      <a href="/dashboard" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 hover:underline">
        <IconArrowLeft width={16} height={16} />
        {t.backToDashboard}
      </a>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-stone-600 sm:text-base">{t.intro}</p>
      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-8">
          <ImportWizard />
          <PhotoZipPanel />
          <SyncPanel />
        </div>
        <aside>
          <ImportHelp />
        </aside>
      </div>
    </Container>
  );
}
