export { toursModule } from './tours.module.js';
