// AppCore holds the long-lived, unidirectional UI state (Store, Reducer, Effect, features) that
// front ends such as the dashboard keep. Until those features land it only forwards Services, so
// a front end can already depend on the layer it will use.
@_exported import Services
