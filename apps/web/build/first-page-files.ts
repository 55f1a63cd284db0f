import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { FIRST_PAGE_FILES, type FirstPageFiles } from "@cohort/common/http";
import type { FirstPage } from "./route-pages";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
}

/** The chunk and every chunk it imports statically, all the way down. */
function withStaticImports(start: OutputChunk, byFile: Map<string, OutputChunk>): OutputChunk[] {
  const found = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return [...found.values()];
}

/**
 * Writes `FIRST_PAGE_FILES`: for each of the first pages, the script and
 * style files of its lazily loaded modules that the entry script does not
 * load already. The build fails when a page names a module that is not the
 * start of a chunk, so the list cannot drift from the code.
 */
export function firstPageFiles(readPages: () => Promise<readonly FirstPage[]>): Plugin {
  let root = "";
  let base = "/";
  let pages: readonly FirstPage[] = [];
  return {
    name: "cohort-first-page-files",
    apply: "build",
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async buildStart() {
      pages = await readPages();
    },
    generateBundle(_options, bundle) {
      const all = chunks(bundle);
      const byFile = new Map(all.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(all.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])));
      const loadedByEntry = new Set(
        all
          .filter((chunk) => chunk.isEntry)
          .flatMap((entry) => withStaticImports(entry, byFile).map((c) => c.fileName)),
      );
      const list: FirstPageFiles = {
        pages: pages.map((page) => {
          const files = page.modules.flatMap((module) => {
            const chunk = byModule.get(path.resolve(root, module));
            if (!chunk) this.error(`First page ${page.path}: ${module} starts no chunk of the build`);
            return withStaticImports(chunk, byFile);
          });
          const own = [...new Map(files.map((chunk) => [chunk.fileName, chunk])).values()].filter(
            (chunk) => !loadedByEntry.has(chunk.fileName),
          );
          const styles = new Set(own.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
          return {
            path: page.path,
            reads: page.reads,
            scripts: own.map((chunk) => `${base}${chunk.fileName}`),
            styles: [...styles].map((file) => `${base}${file}`),
          };
        }),
      };
      this.emitFile({ type: "asset", fileName: FIRST_PAGE_FILES, source: JSON.stringify(list, null, 2) });
    },
  };
}

/**
 * Hands the browser's bundle the route table without the meta only the build and the server's
 * renderer read (`firstPage`, `prerendered`), so that flagging a page costs the pages nothing.
 */
export function routeTableForBrowsers(tableFile: string, strip: (text: string) => Promise<string>): Plugin {
  let stripped = false;
  return {
    name: "cohort-route-table-for-browsers",
    apply: "build",
    enforce: "pre",
    async transform(code, id) {
      if (id !== tableFile) return undefined;
      stripped = true;
      // Every character keeps its position, so the source map stays as it is.
      return { code: await strip(code), map: null };
    },
    buildEnd(error) {
      // A table moved or renamed would otherwise reach the browser with its flags, unnoticed.
      if (!error && !stripped) this.error(`the build never read the route table at ${tableFile}`);
    },
  };
}
