import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $labels, loadLabels } from './labels.store.ts';
import { LabelSection } from './LabelSection.tsx';
import { NotReady } from './AdminNotReady.tsx';

/** Categories and tags (§3): both lists with their product counts, create, rename, delete (refused by the server while products use them). */
export default function AdminCategories() {
  const view = useStore($labels);
  useEffect(() => void loadLabels(), []);
  if (view.status !== 'ready') return <NotReady view={view} loading="Chargement des catégories et étiquettes…" />;
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <LabelSection kind="category" labels={view.data.category} />
      <LabelSection kind="tag" labels={view.data.tag} />
    </div>
  );
}
