import '@mantine/tiptap/styles.css';
import { Input, Typography } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import DOMPurify from 'dompurify';
import { useId } from 'react';

/** Rich text as the server stores it (sanitized HTML), shown after DOMPurify: never trust stored HTML. */
export function RichTextView({ html, empty = '—' }: { html: string; empty?: string }) {
  if (!html.trim()) return <Typography c="dimmed">{empty}</Typography>;
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify right here */}
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
    </Typography>
  );
}

type RichTextFieldProps = {
  label: string;
  /** The initial HTML; the editor keeps its own state afterwards. */
  value: string;
  onChange: (html: string) => void;
  description?: string;
};

/** A labelled TipTap editor (Mantine): headings, emphasis, lists, quotes and links; '' when empty. */
export function RichTextField({ label, value, onChange, description }: RichTextFieldProps) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
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
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
