import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions/placeholder';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useRef } from 'react';

type RichTextFieldProps = {
  label: string;
  /** The initial HTML; the editor keeps its own state afterwards. */
  value: string;
  onChange: (html: string) => void;
  description?: string;
  /** A hint shown in the empty editor (never stored as text). */
  placeholder?: string;
  /**
   * Turns on images: uploads a chosen image (image/* only) and answers its URL, or null when the
   * upload failed (the caller says why). Without it the editor takes no images.
   */
  onUploadImage?: (file: File) => Promise<string | null>;
};

/** A toolbar button that uploads an image and puts it where the cursor is. */
function ImageControl({
  editor,
  upload,
}: {
  editor: Editor | null;
  upload: (file: File) => Promise<string | null>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const insert = async (file: File | undefined) => {
    if (!file || !editor) return;
    const src = await upload(file);
    if (src)
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
  };
  return (
    <>
      <RichTextEditor.Control
        onClick={() => input.current?.click()}
        aria-label="Insert image"
        title="Insert image"
      >
        <IconPhoto size={16} stroke={1.5} aria-hidden />
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          void insert(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}

/** A labelled TipTap editor (Mantine): headings, emphasis, lists, quotes, links and, when asked, images; '' when empty. */
export function RichTextField({
  label,
  value,
  onChange,
  description,
  placeholder,
  onUploadImage,
}: RichTextFieldProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false }),
      ...(onUploadImage ? [Image.configure({ allowBase64: false })] : []),
      ...(placeholder ? [Placeholder.configure({ placeholder })] : []),
    ],
    content: value,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} description={description}>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            {onUploadImage ? <ImageControl editor={editor} upload={onUploadImage} /> : null}
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
