// Every page: <html class="js"> says that script runs (app.css hides the no-script controls).
// The pages' one classic script, at the end of <head>: it runs before the first paint, and the
// page is read only once the stylesheets are in; a module runs after the page is read.
document.documentElement.classList.add("js");
