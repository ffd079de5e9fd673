import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $labels, loadLabels } from './labels.store.ts';
import { LabelSection } from './LabelSection.tsx';

/** Categories and tags (§3): both lists with their product counts, create, rename, delete (refused by the server while products use them). */
export default function AdminCategories() {
  const view = useStore($labels);
  useEffect(() => {
    void loadLabels();
  }, []);
  if (view.status === 'loading') return <p role="status">Chargement des catégories et étiquettes…</p>;
  if (view.status === 'error')
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
        {view.message}
      </p>
    );
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <LabelSection kind="category" labels={view.data.category} />
      <LabelSection kind="tag" labels={view.data.tag} />
    </div>
  );
}
