// AppCore is the unidirectional state core for long-lived front ends: `Store`, `Reducer`,
// `Effect`, `Middleware`, and the features built on them. Front ends import AppCore and reach
// Services through it.
@_exported import Services
