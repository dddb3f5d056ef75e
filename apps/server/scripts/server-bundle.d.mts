/** Bundles each entry (a file under src/) to `outdir`, keeping its path under src/. */
export declare const bundleServer: (options: {
  entryPoints: string[];
  outdir: string;
  sourcemap?: boolean;
}) => Promise<void>;
