import { BrowserRouter, useRoutes, Link, NavLink, useNavigate, useLocation, useSearchParams, useParams, matchRoutes, Navigate, Outlet } from 'react-router';
export { BrowserRouter, useRoutes, Link, NavLink, useNavigate, useLocation, useSearchParams, useParams, matchRoutes, Navigate, Outlet };
