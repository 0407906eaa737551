// Svelte compiles <script lang="ts"> natively (type annotations only), so no preprocessor is needed.
export default {};
