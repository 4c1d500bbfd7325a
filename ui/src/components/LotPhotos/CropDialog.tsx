import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  type Crop,
  centerCrop,
  cropToCanvas,
  makeAspectCrop,
  type PixelCrop,
  ReactCrop,
} from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';

/** seeds 001 §9 crop constants. */
export const CROP = {
  minZoom: 1,
  maxZoom: 4,
  zoomStep: 0.5,
  /** Zoom in is disabled above this. */
  zoomInUpTo: 3,
  rotationStep: 90,
  defaultAspect: 16 / 9,
  initialWidthPercent: 90,
  jpegQuality: 0.7,
  redrawDebounceMs: 100,
} as const;

type AspectChoice = '16:9' | 'off' | 'custom';

/** The crop of an image at `aspect` (or free), 90% wide and centred, as the dialog opens (seeds 001 §9). */
export function initialCrop(width: number, height: number, aspect: number | undefined): Crop {
  if (!aspect)
    return { unit: '%', x: 5, y: 5, width: CROP.initialWidthPercent, height: CROP.initialWidthPercent };
  return centerCrop(
    makeAspectCrop({ unit: '%', width: CROP.initialWidthPercent }, aspect, width, height),
    width,
    height,
  );
}

/** The zoom after a step either way, within 1 to 4; the buttons are disabled past the seeds' bounds. */
export const zoomed = (zoom: number, direction: 1 | -1) =>
  Math.min(CROP.maxZoom, Math.max(CROP.minZoom, zoom + direction * CROP.zoomStep));
export const canZoomIn = (zoom: number) => zoom <= CROP.zoomInUpTo;
export const canZoomOut = (zoom: number) => zoom > CROP.minZoom;

export interface CropDialogProps {
  fileName: string;
  onClose: () => void;
  /** The cropped photo as a JPEG (quality 0.7), to upload as a new photo. */
  onSave: (jpeg: Blob) => Promise<void>;
}

/**
 * seeds 001 §4 / §9 image crop: the kept original (getImageBase) with zoom 1 to 4 in 0.5 steps,
 * rotation by 90° either way, an aspect of 16:9 (default), none, or a custom width and height; a
 * preview redrawn 100 ms after the last change; Save draws the area and sends it as a JPEG.
 */
export function CropDialog({ fileName, onClose, onSave }: CropDialogProps) {
  const { t } = useTranslation();
  const original = useQuery({
    queryKey: ['getImageBase', fileName],
    queryFn: () => call('getImageBase', { file_folder: 'product', file_name: fileName, original: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const image = useRef<HTMLImageElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const [crop, setCrop] = useState<Crop>();
  const [done, setDone] = useState<PixelCrop>();
  const [zoom, setZoom] = useState<number>(CROP.minZoom);
  const [rotation, setRotation] = useState(0);
  const [choice, setChoice] = useState<AspectChoice>('16:9');
  const [custom, setCustom] = useState<{ width: number | ''; height: number | '' }>({
    width: '',
    height: '',
  });
  const [customAspect, setCustomAspect] = useState<number>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const aspect = choice === '16:9' ? CROP.defaultAspect : choice === 'custom' ? customAspect : undefined;

  const redraw = useDebouncedCallback((area: PixelCrop, scale: number, rotate: number) => {
    if (image.current && preview.current && area.width && area.height) {
      void cropToCanvas(image.current, preview.current, area, scale, rotate);
    }
  }, CROP.redrawDebounceMs);

  // The preview follows the area, the zoom and the rotation, 100 ms after the last change.
  useEffect(() => {
    if (done) redraw(done, zoom, rotation);
  }, [done, zoom, rotation, redraw]);

  const applyAspect = (next: number | undefined) => {
    const img = image.current;
    if (img) setCrop(initialCrop(img.width, img.height, next));
  };

  const save = async () => {
    if (!image.current || !done?.width || !done.height) return;
    setSaving(true);
    setFailure(null);
    try {
      const canvas = document.createElement('canvas');
      await cropToCanvas(image.current, canvas, done, zoom, rotation);
      // What a turn or a zoom out leaves uncovered is white in the JPEG, not black.
      const page = document.createElement('canvas');
      page.width = canvas.width;
      page.height = canvas.height;
      const context = page.getContext('2d');
      if (!context) throw new Error('No 2d context');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, page.width, page.height);
      context.drawImage(canvas, 0, 0);
      const blob = await new Promise<Blob | null>((resolve) =>
        page.toBlob(resolve, 'image/jpeg', CROP.jpegQuality),
      );
      if (!blob) throw new Error(t('ui.staff.photos.cropFailed'));
      await onSave(blob);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('ui.staff.photos.cropTitle')} size="xl">
      <Stack gap="sm">
        {original.isPending ? <Loader aria-label={t('ui.staff.photos.loadingOriginal')} /> : null}
        {original.isError ? <Alert color="red">{errorMessage(original.error)}</Alert> : null}
        {original.data ? (
          <ReactCrop
            crop={crop}
            aspect={aspect}
            onChange={(_, percent) => setCrop(percent)}
            onComplete={(pixels) => setDone(pixels)}
          >
            <img
              ref={image}
              src={original.data.record}
              alt={t('ui.staff.photos.cropImage')}
              style={{ transform: `scale(${zoom}) rotate(${rotation}deg)`, maxHeight: '60vh' }}
              onLoad={(event) =>
                setCrop(initialCrop(event.currentTarget.width, event.currentTarget.height, aspect))
              }
              onError={() => console.error('Failed to load image')}
            />
          </ReactCrop>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('ui.staff.photos.zoom', { zoom })}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={t('ui.staff.photos.zoomOut')}
            disabled={!canZoomOut(zoom)}
            onClick={() => setZoom((z) => zoomed(z, -1))}
          >
            −
          </ActionIcon>
          <ActionIcon
            variant="default"
            aria-label={t('ui.staff.photos.zoomIn')}
            disabled={!canZoomIn(zoom)}
            onClick={() => setZoom((z) => zoomed(z, 1))}
          >
            +
          </ActionIcon>
          <Button
            variant="default"
            size="xs"
            onClick={() => setRotation((r) => (r - CROP.rotationStep) % 360)}
          >
            {t('ui.staff.photos.rotateLeft')}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => setRotation((r) => (r + CROP.rotationStep) % 360)}
          >
            {t('ui.staff.photos.rotateRight')}
          </Button>
        </Group>
        <SegmentedControl
          aria-label={t('ui.staff.photos.aspect')}
          value={choice}
          onChange={(value) => {
            const next = value as AspectChoice;
            setChoice(next);
            if (next !== 'custom') applyAspect(next === '16:9' ? CROP.defaultAspect : undefined);
          }}
          data={[
            { value: '16:9', label: '16:9' },
            { value: 'off', label: t('ui.staff.photos.aspectOff') },
            { value: 'custom', label: t('ui.staff.photos.aspectCustom') },
          ]}
        />
        {choice === 'custom' ? (
          <Group align="flex-end" gap="xs">
            <NumberInput
              label={t('ui.staff.photos.aspectWidth')}
              min={1}
              max={10_000}
              value={custom.width}
              onChange={(v) => setCustom((c) => ({ ...c, width: typeof v === 'number' ? v : '' }))}
            />
            <NumberInput
              label={t('ui.staff.photos.aspectHeight')}
              min={1}
              max={10_000}
              value={custom.height}
              onChange={(v) => setCustom((c) => ({ ...c, height: typeof v === 'number' ? v : '' }))}
            />
            <Button
              variant="light"
              disabled={!custom.width || !custom.height}
              onClick={() => {
                const next = Number(custom.width) / Number(custom.height);
                setCustomAspect(next);
                applyAspect(next);
              }}
            >
              {t('ui.staff.photos.aspectSave')}
            </Button>
          </Group>
        ) : null}
        <Text size="sm" fw={600}>
          {t('ui.staff.photos.preview')}
        </Text>
        <canvas ref={preview} style={{ maxWidth: 240, border: '1px solid var(--mantine-color-gray-3)' }} />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ui.staff.photos.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!done?.width || !done.height}>
            {t('ui.staff.photos.cropSave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
