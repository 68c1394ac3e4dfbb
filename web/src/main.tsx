// antd's styles, written at build time (build/antd-static-css.ts), before the app's own
import 'virtual:antd.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The browser paints index.html's loading view (with the stylesheet) first, then fetches and runs the app's code.
// On a slow line the stylesheet no longer shares the bandwidth with the scripts, and a phone shows the portal
// starting about a second sooner; evaluating the scripts and the first render come after that paint.
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./app/start').then(({ startApp }) => startApp(container));
  });
});
