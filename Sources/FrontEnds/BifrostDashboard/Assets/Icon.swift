/// The dashboard's icon, served from /assets/icon.svg: a bridge of three colours.
enum Icon {
    static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M3 26a13 13 0 0 1 26 0" fill="none" stroke="#e74c3c" stroke-width="3"/>\
    <path d="M7 26a9 9 0 0 1 18 0" fill="none" stroke="#f1c40f" stroke-width="3"/><path d="M11 26a5 5 0 0 1 10 0" fill="none" \
    stroke="#12805c" stroke-width="3"/></svg>
    """
}
