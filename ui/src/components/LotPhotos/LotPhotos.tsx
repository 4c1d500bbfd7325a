import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type PhotoCaption, type StaffLotFields, UPLOAD_DEFAULTS } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, type UploadTexts, uploadFiles } from '../../api/client.ts';
import { imageUrls, NO_IMAGE } from '../../lib/lot.ts';
import { CaptionDialog } from './CaptionDialog.tsx';
import { CropDialog } from './CropDialog.tsx';

/** A lot's photo as the listing holds it (seeds 000 §3.2 attachment, with its caption). */
export type Photo = StaffLotFields['images'][number];

/** seeds 001 §9: reorder by holding a photo 250 ms on a touch screen, 100 ms with a mouse. */
export const REORDER_HOLD = { touchMs: 250, mouseMs: 100 } as const;

/** An SVG is refused before it is sent (seeds 001 §8), as the server refuses it. */
export const isSvg = (file: File) => file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);

/** A photo uploaded here (its original kept, so it can be cropped again), not a demo picture or a URL. */
const isUploaded = (photo: Photo) => photo.type === 1 && /^[a-f0-9]{32}\.jpg$/.test(photo.fileName);

/** The seeds' upload failures (seeds 001 §8) in the page's language, for uploadFiles. */
export function useUploadTexts(): UploadTexts {
  const { t } = useTranslation();
  return {
    httpError: (status: number) => t('ui.staff.photos.httpError', { status }),
    failed: t('ui.staff.photos.uploadFailed'),
    network: t('ui.staff.photos.networkFailed'),
  };
}

/** The fields of every upload of a lot's photo (seeds 001 §7 / §9 defaults). */
const uploadFields = {
  folder: 'product',
  isCompress: '1',
  quality: String(UPLOAD_DEFAULTS.quality),
  resultWidth: String(UPLOAD_DEFAULTS.resultWidth),
  resultHeight: String(UPLOAD_DEFAULTS.resultHeight),
};

export interface LotPhotosProps {
  value: Photo[];
  onChange: (photos: Photo[]) => void;
  disabled?: boolean;
}

/**
 * A lot's photos in the editor (issue 33): upload (several at once), reorder by dragging (or with the
 * keyboard), the first is the primary, crop and rotate one again from its kept original, caption
 * each (filename, title, description), remove. Changes go with the lot's Save.
 */
export function LotPhotos({ value, onChange, disabled = false }: LotPhotosProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cropping, setCropping] = useState<number | null>(null);
  const [captioning, setCaptioning] = useState<number | null>(null);
  const [link, setLink] = useState('');
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { delay: REORDER_HOLD.mouseMs, tolerance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: REORDER_HOLD.touchMs, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const texts = useUploadTexts();

  const upload = async (files: File[]) => {
    setFailure(null);
    if (files.some(isSvg)) {
      setFailure(t('ui.staff.photos.wrongType'));
      return;
    }
    if (files.length === 0) return;
    setUploading(true);
    try {
      const stored = await uploadFiles('multipleImageUploader', files, uploadFields, texts);
      const added = stored.files.map(
        (f, i): Photo => ({ type: 1, fileName: f.file_name, name: files[i]?.name }),
      );
      const known = new Set(value.map((p) => p.fileName));
      onChange([...value, ...added.filter((p) => !known.has(p.fileName))]);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  const replaceCropped = async (index: number, jpeg: Blob) => {
    const stored = await uploadFiles('imageUploader', [jpeg], uploadFields, texts);
    const file = stored.files[0];
    if (!file) throw new Error(texts.failed);
    onChange(value.map((p, i) => (i === index ? { ...p, type: 1, fileName: file.file_name } : p)));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = value.findIndex((p) => p.fileName === active.id);
    const to = value.findIndex((p) => p.fileName === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(value, from, to));
  };

  const captionOf = (photo: Photo): PhotoCaption => ({
    name: photo.name ?? '',
    title: photo.title ?? '',
    description: photo.description ?? '',
  });

  return (
    <Stack gap="sm" data-testid="lot-photos">
      <Text size="sm" c="dimmed">
        {t('ui.staff.photos.hint')}
      </Text>
      {value.length === 0 ? (
        <Text size="sm" data-testid="no-photos">
          {t('ui.staff.photos.none')}
        </Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={value.map((p) => p.fileName)} strategy={rectSortingStrategy}>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
              {value.map((photo, index) => (
                <PhotoTile
                  key={photo.fileName}
                  photo={photo}
                  index={index}
                  disabled={disabled}
                  onPrimary={() => onChange(arrayMove(value, index, 0))}
                  onRemove={() => onChange(value.filter((_, i) => i !== index))}
                  onCrop={() => setCropping(index)}
                  onCaption={() => setCaptioning(index)}
                />
              ))}
            </SimpleGrid>
          </SortableContext>
        </DndContext>
      )}
      {failure ? (
        <Alert color="red" role="alert" data-testid="photo-failure">
          {failure}
        </Alert>
      ) : null}
      <FileButton onChange={(files) => void upload(files)} accept="image/*" multiple disabled={disabled}>
        {(props) => (
          <Button {...props} variant="light" w="fit-content" loading={uploading} data-testid="upload-photos">
            {t('ui.staff.photos.upload')}
          </Button>
        )}
      </FileButton>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t('ui.staff.photos.link')}
          description={t('ui.staff.photos.linkHint')}
          placeholder="https://"
          value={link}
          disabled={disabled}
          onChange={(event) => setLink(event.currentTarget.value)}
          w={{ base: '100%', sm: 420 }}
        />
        <Button
          variant="default"
          disabled={disabled || !/^https?:\/\/\S+$/i.test(link.trim())}
          onClick={() => {
            onChange([...value, { type: 2, fileName: link.trim() }]);
            setLink('');
          }}
          data-testid="add-photo-link"
        >
          {t('ui.staff.photos.addLink')}
        </Button>
      </Group>
      {cropping !== null && value[cropping] ? (
        <CropDialog
          fileName={value[cropping].fileName}
          onClose={() => setCropping(null)}
          onSave={(jpeg) => replaceCropped(cropping, jpeg)}
        />
      ) : null}
      {captioning !== null && value[captioning] ? (
        <CaptionDialog
          caption={captionOf(value[captioning])}
          onClose={() => setCaptioning(null)}
          onSubmit={async (caption) => {
            onChange(value.map((p, i) => (i === captioning ? { ...p, ...caption } : p)));
          }}
        />
      ) : null}
    </Stack>
  );
}

interface PhotoTileProps {
  photo: Photo;
  index: number;
  disabled: boolean;
  onPrimary: () => void;
  onRemove: () => void;
  onCrop: () => void;
  onCaption: () => void;
}

function PhotoTile({ photo, index, disabled, onPrimary, onRemove, onCrop, onCaption }: PhotoTileProps) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: photo.fileName, disabled });
  const src =
    imageUrls({ allattachmentlist: [{ type: photo.type, file_name: photo.fileName }] })[0] ?? NO_IMAGE;
  const label = photo.title || photo.name || t('ui.staff.photos.photoN', { n: index + 1 });
  return (
    <Card
      withBorder
      p="xs"
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      data-testid="lot-photo"
      data-file-name={photo.fileName}
    >
      <Card.Section
        {...sortable.attributes}
        {...sortable.listeners}
        aria-label={t('ui.staff.photos.move', { label })}
      >
        <Image src={src} fallbackSrc={NO_IMAGE} alt={label} h={120} fit="contain" bg="gray.0" />
      </Card.Section>
      <Group justify="space-between" mt={6} gap={4} wrap="nowrap">
        <Text size="xs" truncate>
          {label}
        </Text>
        {index === 0 ? (
          <Badge size="xs" variant="light" data-testid="primary-photo">
            {t('ui.staff.photos.primary')}
          </Badge>
        ) : null}
      </Group>
      <Group gap={4} mt={6}>
        {index > 0 ? (
          <Button size="compact-xs" variant="subtle" onClick={onPrimary} disabled={disabled}>
            {t('ui.staff.photos.makePrimary')}
          </Button>
        ) : null}
        {isUploaded(photo) ? (
          <Button size="compact-xs" variant="subtle" onClick={onCrop} disabled={disabled}>
            {t('ui.staff.photos.crop')}
          </Button>
        ) : null}
        <Button size="compact-xs" variant="subtle" onClick={onCaption} disabled={disabled}>
          {t('ui.staff.photos.caption')}
        </Button>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t('ui.staff.photos.remove', { label })}
        >
          ×
        </ActionIcon>
      </Group>
    </Card>
  );
}
