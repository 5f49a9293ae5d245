import { beforeEach, describe, expect, it, vi } from 'vitest';

const { mermaid } = vi.hoisted(() => ({
  mermaid: {
    initialize: vi.fn(),
    parse: vi.fn(async (): Promise<boolean> => true),
    render: vi.fn(async () => ({ svg: '<svg></svg>' })),
  },
}));
vi.mock('mermaid', () => ({ default: mermaid }));

import { MAX_DIAGRAM_SOURCE, MERMAID_CONFIG, renderDiagram } from './mermaid-render';

describe('renderDiagram (no script from a diagram)', () => {
  beforeEach(() => {
    mermaid.parse.mockClear();
    mermaid.render.mockClear();
  });

  it('runs mermaid in strict mode without HTML labels, and directives cannot loosen that', async () => {
    await renderDiagram('flowchart TD');
    expect(mermaid.initialize).toHaveBeenCalledTimes(1);
    const config = mermaid.initialize.mock.calls[0]![0];
    expect(config).toBe(MERMAID_CONFIG);
    expect(config).toMatchObject({
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      startOnLoad: false,
    });
    expect(config.secure).toEqual(
      expect.arrayContaining(['securityLevel', 'htmlLabels', 'flowchart', 'dompurifyConfig', 'maxTextSize']),
    );
    await renderDiagram('pie');
    expect(mermaid.initialize).toHaveBeenCalledTimes(1);
  });

  it('answers the SVG, or null for invalid or oversized sources', async () => {
    expect(await renderDiagram('flowchart TD\nA-->B')).toBe('<svg></svg>');
    mermaid.parse.mockResolvedValueOnce(false);
    expect(await renderDiagram('nonsense')).toBeNull();
    expect(await renderDiagram('x'.repeat(MAX_DIAGRAM_SOURCE + 1))).toBeNull();
    expect(mermaid.render).toHaveBeenCalledTimes(1);
    mermaid.render.mockRejectedValueOnce(new Error('boom'));
    expect(await renderDiagram('flowchart TD')).toBeNull();
  });
});
