import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';

const components: Components = {
  // Links open in a new tab (product.md section 5, rich text), without handing over window.opener.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-ink underline" />,
};

/**
 * Markdown with line breaks and ~~strikethrough~~ (double tildes only). Raw HTML is not rendered,
 * and the tree is sanitised, so a description can never inject script. Loaded by Markdown.tsx.
 */
export default function MarkdownRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={[[remarkGfm, { singleTilde: false }], remarkBreaks]} rehypePlugins={[rehypeSanitize]} components={components}>
      {children}
    </ReactMarkdown>
  );
}
