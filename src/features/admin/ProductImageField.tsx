import { useEffect, useState } from 'react';
import { IMAGE_UPLOAD_TYPES } from '../../domain/admin-products.schema.ts';
import { productImageSrc } from '../../lib/images.ts';
import { FilePicker } from '../../components/ui/FilePicker.tsx';
import { imageProblem } from './products.store.ts';
import { Panel } from './AdminPanel.tsx';

/** The product's photo: the current one, a preview of the chosen file, its problem or how far its upload got. */
export function ProductImageField({
  current,
  onChoose,
  progress,
}: {
  current: string | null;
  onChoose: (file: File) => void;
  progress: number | null;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // Once stored, the server's rendition replaces the preview.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` is the trigger: a new stored photo drops the preview.
  useEffect(() => setPreview(null), [current]);

  function choose(file: File) {
    setChosen(file.name);
    const bad = imageProblem(file);
    setProblem(bad);
    if (bad) return;
    setPreview(URL.createObjectURL(file));
    onChoose(file);
  }

  return (
    <Panel id="photo" title="Photo">
      <img
        src={preview ?? productImageSrc(current)}
        alt={preview ? 'Aperçu de la photo choisie' : 'Photo actuelle du produit'}
        width={256}
        height={256}
        className="mx-auto aspect-square w-64 rounded-md bg-white object-contain ring-1 ring-slate-200"
      />
      <div className="space-y-1">
        <FilePicker
          id="f-image"
          label="Choisir une photo"
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          disabled={progress !== null}
          chosen={chosen}
          onFile={choose}
          describedBy={problem ? 'f-image-hint f-image-err' : 'f-image-hint'}
        />
        <p id="f-image-hint" className="text-sm text-slate-600">
          JPEG, PNG ou WebP, 8 Mo au plus. Placée dans un carré sur fond blanc.
        </p>
        {problem && (
          <p id="f-image-err" role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </div>
      {progress !== null && (
        <div className="space-y-1">
          <progress max={1} value={progress} aria-label="Envoi de la photo" className="w-full accent-brand-700" />
          <p role="status" className="text-sm">
            {progress < 1 ? `Envoi de la photo : ${Math.round(progress * 100)} %` : 'Préparation des tailles…'}
          </p>
        </div>
      )}
    </Panel>
  );
}
