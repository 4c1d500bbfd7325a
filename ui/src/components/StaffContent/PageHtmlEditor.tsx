import { getUploadImageExtension, type ImageUploadResult, Link, RichTextEditor } from '@mantine/tiptap';
// The editor's rules as a file of their own, linked while it is shown: the one stylesheet every page
// loads (vite.config.ts, cssCodeSplit: false) stays as it was for the storefront.
import tiptapStyles from '@mantine/tiptap/styles.css?url';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageHtmlEditorProps {
  /** The page's HTML. */
  value: string;
  onChange: (html: string) => void;
  /** Stores a picked image (folder 'templates') and answers its address and alternative text. */
  onImageUpload: (file: File) => Promise<ImageUploadResult>;
  onImageUploadError: (error: unknown) => void;
  /** The id of the label that names the editor. */
  labelledBy: string;
}

/** Links the editor's stylesheet once, while an editor is on the page. */
function useEditorStyles() {
  useEffect(() => {
    const existing = document.querySelector<HTMLLinkElement>('link[data-rich-text-styles]');
    if (existing) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = tiptapStyles;
    link.dataset.richTextStyles = '';
    document.head.append(link);
  }, []);
}

/**
 * The rich-text editor of a page's HTML (Mantine's RichTextEditor over tiptap): bold, italic,
 * headings, lists, links and images, each image uploaded as it is picked. Loaded only by the staff's
 * page editor (React.lazy), so tiptap is never part of the storefront's first load.
 */
export default function PageHtmlEditor({
  value,
  onChange,
  onImageUpload,
  onImageUploadError,
  labelledBy,
}: PageHtmlEditorProps) {
  const { t } = useTranslation();
  useEditorStyles();
  // The callbacks of the latest render, for the extension made once with the editor.
  const upload = useRef({ onImageUpload, onImageUploadError });
  upload.current = { onImageUpload, onImageUploadError };
  const editor = useEditor({
    extensions: [
      // The page's title is its h1: the content's headings start at h2.
      StarterKit.configure({ link: false, heading: { levels: [2, 3] } }),
      Link,
      getUploadImageExtension(Image, {
        onImageUpload: (file: File) => upload.current.onImageUpload(file),
        onImageUploadError: (_file: File, error: unknown) => upload.current.onImageUploadError(error),
      }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-labelledby': labelledBy, 'aria-multiline': 'true', role: 'textbox' },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
  });

  // A version restored, or the HTML edited as text: the editor shows it.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== editor.getHTML()) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <RichTextEditor
      editor={editor}
      labels={{
        boldControlLabel: t('ui.content.rte.bold'),
        italicControlLabel: t('ui.content.rte.italic'),
        h2ControlLabel: t('ui.content.rte.h2'),
        h3ControlLabel: t('ui.content.rte.h3'),
        bulletListControlLabel: t('ui.content.rte.bulletList'),
        orderedListControlLabel: t('ui.content.rte.orderedList'),
        linkControlLabel: t('ui.content.rte.link'),
        unlinkControlLabel: t('ui.content.rte.unlink'),
        imageUploadControlLabel: t('ui.content.rte.image'),
        undoControlLabel: t('ui.content.rte.undo'),
        redoControlLabel: t('ui.content.rte.redo'),
        linkEditorInputLabel: t('ui.content.rte.linkInput'),
        linkEditorInputPlaceholder: t('ui.content.rte.linkPlaceholder'),
        linkEditorSave: t('ui.content.rte.linkSave'),
        linkEditorExternalLink: t('ui.content.rte.linkNewTab'),
        linkEditorInternalLink: t('ui.content.rte.linkSameTab'),
      }}
      data-testid="page-rich-text"
    >
      <RichTextEditor.Toolbar aria-label={t('ui.content.rte.toolbar')}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          <RichTextEditor.ImageUpload accept="image/jpeg,image/png,image/webp" data-testid="rte-image" />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
