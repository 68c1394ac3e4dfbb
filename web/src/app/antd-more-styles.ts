// antd's styles of every component the sign-in page does not draw (build/antd-static-css.ts): loaded with the
// code of every other page (routes.tsx), before it renders
import 'virtual:antd-more.css';
