import { mount } from '../shared/mount';
import { routes } from './routes';

mount( 'post-ratings', routes );
