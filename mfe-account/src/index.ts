// An async boundary, so Module Federation can settle the shared singletons first.
import('./bootstrap');
