// antd's styles of the components the portal draws beyond the sign-in page's (build/antd-static-css.ts): loaded
// with the code of every other page (routes.tsx), before it renders
import 'virtual:antd-more.css';
