// esbuild's `file` loader turns an imported .wasm into its URL, relative to the bundle.
declare module '*.wasm' {
  const url: string;
  export default url;
}
