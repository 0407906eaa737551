import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';

/** The mounted application (kept so hot reloads and tests can reach it). */
export const app = mount(App, { target: document.getElementById('app')! });
