import { BoldOutlined, ItalicOutlined, OrderedListOutlined, StrikethroughOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space } from 'antd';

/**
 * The notice editor: tiptap (MIT) with its starter kit, loaded on demand.
 * It writes plain semantic HTML (headings, paragraphs, emphasis, lists,
 * quotes, links); the server's allow-list keeps exactly that.
 */
export function RichTextEditor({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } })],
    content: initial,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    immediatelyRender: true,
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
    }),
  });
  const chain = () => editor.chain().focus();
  const btn = (on: boolean) => (on ? 'primary' : 'default');
  return (
    <div>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" type={btn(active.h2)} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </Button>
        <Button size="small" type={btn(active.bold)} icon={<BoldOutlined />} onClick={() => chain().toggleBold().run()} aria-label="bold" data-testid="rte-bold" />
        <Button size="small" type={btn(active.italic)} icon={<ItalicOutlined />} onClick={() => chain().toggleItalic().run()} aria-label="italic" />
        <Button size="small" type={btn(active.underline)} icon={<UnderlineOutlined />} onClick={() => chain().toggleUnderline().run()} aria-label="underline" />
        <Button size="small" type={btn(active.strike)} icon={<StrikethroughOutlined />} onClick={() => chain().toggleStrike().run()} aria-label="strike" />
        <Button size="small" type={btn(active.bullet)} icon={<UnorderedListOutlined />} onClick={() => chain().toggleBulletList().run()} aria-label="bullet list" />
        <Button size="small" type={btn(active.ordered)} icon={<OrderedListOutlined />} onClick={() => chain().toggleOrderedList().run()} aria-label="ordered list" />
      </Space>
      <EditorContent editor={editor} data-testid="notice-editor" />
    </div>
  );
}
