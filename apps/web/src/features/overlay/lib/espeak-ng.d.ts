/** The espeak-ng package ships no types: the part of its Emscripten module the overlay uses. */
declare module 'espeak-ng' {
  type EspeakFileSystem = {
    writeFile(path: string, data: string): void;
    readFile(path: string): Uint8Array;
  };
  type EspeakModule = { FS: EspeakFileSystem };
  /** Runs the espeak-ng command line with these arguments; `preRun` may write its input files first. */
  export default function ESpeakNg(options: {
    arguments: string[];
    preRun?: Array<(module: EspeakModule) => void>;
  }): Promise<EspeakModule>;
}
