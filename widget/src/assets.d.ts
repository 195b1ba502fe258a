// Stylesheets imported with ?inline come in as a string (webpack: css-loader
// exportType "string"; Vite/Vitest: its built-in ?inline).
declare module '*.css?inline' {
	const css: string;
	export default css;
}
