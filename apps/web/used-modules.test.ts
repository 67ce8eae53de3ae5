import { describe, expect, it } from 'vitest';
import { type ModuleGraph, usedModules } from './used-modules';

/** A module graph of ES modules: each module's code, its imports resolved in the order the code names them. */
function graphOf(modules: Record<string, { code: string; imports?: string[] }>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const module = modules[id];
      return module ? { code: module.code, importedIds: module.imports ?? [] } : null;
    },
  };
}

const graph = graphOf({
  page: { code: "import { Box } from './material';\nexport const Page = () => Box;", imports: ['material'] },
  // A library's index module: it re-exports a box and, through its styles, a text field's code.
  material: {
    code: "export { default as Box } from './Box';\nexport * from './styles';",
    imports: ['Box', 'styles'],
  },
  Box: { code: "import { styled } from './styles';\nexport default styled('div');", imports: ['styles'] },
  styles: {
    code: "export { styled } from './styled';\nexport { inputClasses } from './InputBase';",
    imports: ['styled', 'InputBase'],
  },
  styled: { code: 'export function styled(tag) { return tag; }' },
  InputBase: {
    code: "import { TextareaAutosize } from './TextareaAutosize';\nexport const inputClasses = {};",
    imports: ['TextareaAutosize'],
  },
  TextareaAutosize: { code: 'export const TextareaAutosize = 1;' },
});

describe('the modules a screen uses', () => {
  it('follows an index module only to what is imported through it', () => {
    expect([...usedModules(graph, 'page')].sort()).toEqual(['Box', 'material', 'page', 'styled', 'styles']);
  });

  it('takes a module whose own code is used with all its imports', () => {
    const uses = graphOf({
      page: {
        code: "import { inputClasses } from './InputBase';\nexport default inputClasses;",
        imports: ['InputBase'],
      },
      InputBase: {
        code: "import { TextareaAutosize } from './TextareaAutosize';\nexport const inputClasses = {};",
        imports: ['TextareaAutosize'],
      },
      TextareaAutosize: { code: 'export const TextareaAutosize = 1;' },
    });
    expect(usedModules(uses, 'page')).toContain('TextareaAutosize');
  });

  it('takes all the imports of a module it cannot read', () => {
    const uses = graphOf({
      page: { code: "import legacy from './legacy';\nexport default legacy;", imports: ['legacy'] },
      legacy: { code: 'module.exports = require("./helper");', imports: ['helper'] },
      helper: { code: 'module.exports = 1;' },
    });
    expect(usedModules(uses, 'page')).toContain('helper');
  });
});
