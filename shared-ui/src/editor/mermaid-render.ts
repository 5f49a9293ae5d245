// Loaded lazily by PostContent, only when a post holds a ```mermaid block. Diagrams render with
// mermaid's strict security level, so a diagram cannot run script.
import mermaid, { type MermaidConfig } from 'mermaid';

/** Diagram sources longer than this are shown as code, not drawn. */
export const MAX_DIAGRAM_SOURCE = 10_000;

/**
 * Strict mode (labels sanitized, no click callbacks, no links to javascript:), no HTML labels (text
 * labels in plain SVG, no foreignObject), and directives in the source (%%{init: …}%%) may not change any
 * of that: `secure` lists the keys a directive cannot touch.
 */
export const MERMAID_CONFIG: MermaidConfig = {
  startOnLoad: false,
  securityLevel: 'strict',
  htmlLabels: false,
  flowchart: { htmlLabels: false },
  maxTextSize: MAX_DIAGRAM_SOURCE,
  maxEdges: 500,
  secure: [
    'secure',
    'securityLevel',
    'startOnLoad',
    'maxTextSize',
    'maxEdges',
    'htmlLabels',
    'flowchart',
    'dompurifyConfig',
    'themeCSS',
    'fontFamily',
    'altFontFamily',
  ],
};

let initialized = false;
let counter = 0;

/** Draws a diagram; resolves the SVG markup, or null when the source is invalid or too long. */
export async function renderDiagram(source: string): Promise<string | null> {
  if (source.length > MAX_DIAGRAM_SOURCE) return null;
  if (!initialized) {
    mermaid.initialize(MERMAID_CONFIG);
    initialized = true;
  }
  const valid = await mermaid.parse(source, { suppressErrors: true });
  if (!valid) return null;
  counter += 1;
  try {
    const { svg } = await mermaid.render(`agora-mermaid-${counter}`, source);
    return svg;
  } catch {
    return null;
  }
}
